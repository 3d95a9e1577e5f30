import type { PriceRequestBody, ProductDetail, ProductInfo, Selection } from '@inkstone/contracts';
import { describeQuantityProblem } from '@inkstone/domain';

/** A technology the screen greys out next to a selection, and why (spec §3). */
export type ExcludedTechnology = ProductInfo['ExcludedTechnologies'][number];

/** A technology as product info describes it. */
export type TechnologyInfo = ProductDetail['Technologies'][number];

/**
 * What the customer has chosen on the quote screen, as typed: numbers may be missing while a
 * field is being edited. `sizeId` null means a custom size (`widthMm` × `heightMm`).
 */
export interface SelectionDraft {
  sizeId: string | null;
  widthMm: number | null;
  heightMm: number | null;
  styleId: string;
  /** Inner pages' paper (booklets); null otherwise. */
  innerStyleId: string | null;
  /** Page count including the 4 cover pages (booklets); null otherwise. */
  pageCount: number | null;
  colourId: string;
  technologyIds: string[];
  quantity: number | null;
}

/** The draft of a whole selection (the server's DefaultSelection, or a restored one). */
export function draftFromSelection(selection: Selection): SelectionDraft {
  return {
    sizeId: selection.SizeId,
    widthMm: selection.WidthMm,
    heightMm: selection.HeightMm,
    styleId: selection.StyleId,
    innerStyleId: selection.InnerStyleId,
    pageCount: selection.PageCount,
    colourId: selection.ColourId,
    technologyIds: [...selection.TechnologyIds],
    quantity: selection.Quantity,
  };
}

/** Which field a draft problem belongs to, so the message shows beside it. */
export type DraftField = 'size' | 'pages' | 'quantity';

export type PriceRequestResult =
  { ok: true; body: PriceRequestBody } | { ok: false; field: DraftField; message: string };

const isWhole = (value: number | null): value is number => value !== null && Number.isInteger(value);

/** Why `quantity` is not orderable, in the engine's words (`describeQuantityProblem`), or null. */
export function describeQuantity(product: ProductDetail, quantity: number): string | null {
  const rule = { Presets: product.Quantity.Presets, Free: product.Quantity.Free ?? undefined };
  return describeQuantityProblem(rule, quantity, product.Unit);
}

/** Why the custom size cannot be priced, in the engine's words, or null. */
export function describeSizeProblem(product: ProductDetail, draft: SelectionDraft): string | null {
  if (draft.sizeId !== null) {
    return product.Sizes.Presets.some((size) => size.Id === draft.sizeId) ? null : '所选尺寸不存在';
  }
  const custom = product.Sizes.Custom;
  if (!custom) return '该商品不支持自定义尺寸';
  if (draft.widthMm === null) return '请输入宽度';
  if (draft.heightMm === null) return '请输入高度';
  if (!isWhole(draft.widthMm) || !isWhole(draft.heightMm)) return '自定义尺寸须为整数毫米';
  if (draft.widthMm < custom.MinWidthMm || draft.widthMm > custom.MaxWidthMm)
    return `宽度须在${custom.MinWidthMm}–${custom.MaxWidthMm}毫米之间`;
  if (draft.heightMm < custom.MinHeightMm || draft.heightMm > custom.MaxHeightMm)
    return `高度须在${custom.MinHeightMm}–${custom.MaxHeightMm}毫米之间`;
  return null;
}

/** Why the page count cannot be priced (booklets), or null. */
export function describePageProblem(product: ProductDetail, pageCount: number | null): string | null {
  const pages = product.Pages;
  if (!pages) return null;
  if (pageCount === null) return '请输入页数';
  if (!isWhole(pageCount)) return '页数必须是整数';
  if (pageCount < pages.Min || pageCount > pages.Max) return `页数须在${pages.Min}–${pages.Max}页之间`;
  if (pageCount % pages.Multiple !== 0) return `页数须为${pages.Multiple}的倍数`;
  return null;
}

/** Technology ids in catalogue order, unknown ones dropped: one spelling per combination. */
export function orderTechnologyIds(product: ProductDetail, ids: readonly string[]): string[] {
  const chosen = new Set(ids);
  return product.Technologies.filter((tech) => chosen.has(tech.Id)).map((tech) => tech.Id);
}

/**
 * The body of the price and ship-date calls for a draft (docs/catalog.md "A selection"): a preset
 * `SizeId` or a custom `WidthMm` × `HeightMm`, booklet fields only for booklets, technologies in
 * catalogue order. Sizes, page counts and quantities the engine would refuse are caught here first,
 * with the engine's words, so the message appears beside the field at once.
 */
export function toPriceRequest(product: ProductDetail, draft: SelectionDraft): PriceRequestResult {
  const sizeProblem = describeSizeProblem(product, draft);
  if (sizeProblem) return { ok: false, field: 'size', message: sizeProblem };
  const pageProblem = describePageProblem(product, draft.pageCount);
  if (pageProblem) return { ok: false, field: 'pages', message: pageProblem };
  if (draft.quantity === null) return { ok: false, field: 'quantity', message: '请输入数量' };
  const quantityProblem = describeQuantity(product, draft.quantity);
  if (quantityProblem) return { ok: false, field: 'quantity', message: quantityProblem };

  const isCustom = draft.sizeId === null;
  const isBooklet = product.Pages !== null;
  return {
    ok: true,
    body: {
      ProductId: product.Id,
      SizeId: isCustom ? null : draft.sizeId,
      WidthMm: isCustom ? draft.widthMm : null,
      HeightMm: isCustom ? draft.heightMm : null,
      StyleId: draft.styleId,
      InnerStyleId: isBooklet ? draft.innerStyleId : null,
      PageCount: isBooklet ? draft.pageCount : null,
      ColourId: draft.colourId,
      TechnologyIds: orderTechnologyIds(product, draft.technologyIds),
      Quantity: draft.quantity,
    },
  };
}

/** A stable text key of a request: equal selections give equal keys (for caches and staleness). */
export function requestKey(body: PriceRequestBody): string {
  return JSON.stringify([
    body.ProductId,
    body.SizeId ?? null,
    body.WidthMm ?? null,
    body.HeightMm ?? null,
    body.StyleId ?? null,
    body.InnerStyleId ?? null,
    body.PageCount ?? null,
    body.ColourId ?? null,
    body.TechnologyIds ?? [],
    body.Quantity,
  ]);
}

/** The other technologies of `tech`'s mutual-exclusion group (choosing `tech` replaces them). */
export function groupMatesOf(product: ProductDetail, tech: TechnologyInfo): string[] {
  if (tech.Group === null) return [];
  return product.Technologies.filter((other) => other.Group === tech.Group && other.Id !== tech.Id).map(
    (other) => other.Id,
  );
}

/**
 * Why each technology cannot be chosen next to the rest of the draft, or null when it can — the
 * engine's rules (ConflictIds, ExcludeStyleIds, PageRange) with the engine's words, plus what the
 * server's last quote for this very draft said (`serverExcluded`). A technology of a 互斥组 is
 * never greyed out by its own group: choosing it replaces the group's current choice.
 */
export function technologyReasons(
  product: ProductDetail,
  draft: SelectionDraft,
  serverExcluded: readonly ExcludedTechnology[] | null,
): Map<string, string | null> {
  const selected = new Set(draft.technologyIds);
  const reasons = new Map<string, string | null>();
  for (const tech of product.Technologies) {
    const mates = groupMatesOf(product, tech);
    const conflict = product.Technologies.find(
      (other) =>
        other.Id !== tech.Id &&
        selected.has(other.Id) &&
        !mates.includes(other.Id) &&
        tech.ConflictIds.includes(other.Id),
    );
    let reason: string | null = null;
    if (conflict) {
      reason = `「${tech.Name}」与已选工艺「${conflict.Name}」不能同时选择`;
    } else if (tech.ExcludeStyleIds.includes(draft.styleId)) {
      const style = product.Styles.find((candidate) => candidate.Id === draft.styleId);
      reason = `「${style?.Name ?? draft.styleId}」不支持${tech.Name}`;
    } else if (
      tech.PageRange &&
      product.Pages &&
      isWhole(draft.pageCount) &&
      (draft.pageCount < tech.PageRange.Min || draft.pageCount > tech.PageRange.Max)
    ) {
      reason = `${tech.Name}仅适用于${tech.PageRange.Min}–${tech.PageRange.Max}页`;
    } else if (serverExcluded && !mates.some((mate) => selected.has(mate))) {
      reason = serverExcluded.find((item) => item.TechnologyId === tech.Id)?.Reason ?? null;
    }
    reasons.set(tech.Id, reason);
  }
  return reasons;
}

/**
 * The draft without the chosen technologies it no longer supports (the paper chosen excludes
 * them, or the page count is outside their range), and the words that say what was taken off —
 * so a new paper or page count never leaves a selection the engine cannot price.
 */
export function dropUnsupportedTechnologies(
  product: ProductDetail,
  draft: SelectionDraft,
): { draft: SelectionDraft; notices: string[] } {
  const notices: string[] = [];
  const kept = draft.technologyIds.filter((id) => {
    const tech = product.Technologies.find((candidate) => candidate.Id === id);
    if (!tech) return true;
    if (tech.ExcludeStyleIds.includes(draft.styleId)) {
      const style = product.Styles.find((candidate) => candidate.Id === draft.styleId);
      notices.push(`「${style?.Name ?? draft.styleId}」不支持${tech.Name}，已取消${tech.Name}`);
      return false;
    }
    const range = tech.PageRange;
    if (
      range &&
      product.Pages &&
      isWhole(draft.pageCount) &&
      (draft.pageCount < range.Min || draft.pageCount > range.Max)
    ) {
      notices.push(`${tech.Name}仅适用于${range.Min}–${range.Max}页，已取消${tech.Name}`);
      return false;
    }
    return true;
  });
  return notices.length === 0 ? { draft, notices } : { draft: { ...draft, technologyIds: kept }, notices };
}

/**
 * The technology ids after the customer clicks `id`: a chosen one is dropped (unless it is the
 * only choice of a required group such as 装订), another is added and replaces its group-mates.
 */
export function toggleTechnology(product: ProductDetail, current: readonly string[], id: string): string[] {
  const tech = product.Technologies.find((candidate) => candidate.Id === id);
  if (!tech) return [...current];
  if (current.includes(id)) {
    if (tech.Group !== null && product.RequiredGroups.includes(tech.Group)) return [...current];
    return current.filter((other) => other !== id);
  }
  const mates = groupMatesOf(product, tech);
  return orderTechnologyIds(product, [...current.filter((other) => !mates.includes(other)), id]);
}

/** A row of technologies on screen: one 互斥组 (pick one), or the free ones (pick any). */
export interface TechnologyGroupView {
  key: string;
  title: string;
  isExclusive: boolean;
  isRequired: boolean;
  technologies: TechnologyInfo[];
}

/** Technologies by 互斥组 in catalogue order; technologies without a group share the last row. */
export function groupTechnologies(product: ProductDetail): TechnologyGroupView[] {
  const groups = new Map<string, TechnologyGroupView>();
  const free: TechnologyInfo[] = [];
  for (const tech of product.Technologies) {
    if (tech.Group === null) {
      free.push(tech);
      continue;
    }
    let group = groups.get(tech.Group);
    if (!group) {
      group = {
        key: `group:${tech.Group}`,
        title: tech.Group,
        isExclusive: true,
        isRequired: product.RequiredGroups.includes(tech.Group),
        technologies: [],
      };
      groups.set(tech.Group, group);
    }
    group.technologies.push(tech);
  }
  const rows = [...groups.values()];
  if (free.length > 0) {
    rows.push({
      key: 'free',
      title: rows.length > 0 ? '其他工艺' : '工艺',
      isExclusive: false,
      isRequired: false,
      technologies: free,
    });
  }
  return rows;
}

/** Choices kept from the customer's last visit to a product (see persisted-choices.ts). */
export interface SavedChoices {
  attributes?: Partial<
    Pick<Selection, 'SizeId' | 'StyleId' | 'InnerStyleId' | 'PageCount' | 'ColourId' | 'TechnologyIds'>
  >;
  customSize?: { WidthMm: number; HeightMm: number };
  quantity?: number;
}

/**
 * The draft a product opens with: the server's default selection, with what the customer chose
 * last time wherever it still exists in the product (the catalogue may have changed since).
 */
export function restoreDraft(
  product: ProductDetail,
  defaults: Selection,
  saved: SavedChoices | null,
): SelectionDraft {
  const draft = draftFromSelection(defaults);
  if (!saved) return draft;
  const attributes = saved.attributes ?? {};
  const styleIds = new Set(product.Styles.map((style) => style.Id));

  if (attributes.SizeId && product.Sizes.Presets.some((size) => size.Id === attributes.SizeId)) {
    Object.assign(draft, { sizeId: attributes.SizeId, widthMm: null, heightMm: null });
  } else if (attributes.SizeId === null && saved.customSize && product.Sizes.Custom) {
    const candidate = {
      ...draft,
      sizeId: null,
      widthMm: saved.customSize.WidthMm,
      heightMm: saved.customSize.HeightMm,
    };
    if (describeSizeProblem(product, candidate) === null) Object.assign(draft, candidate);
  }
  if (attributes.StyleId && styleIds.has(attributes.StyleId)) {
    const isCover = !product.Pages || product.Pages.CoverStyleIds.includes(attributes.StyleId);
    if (isCover) draft.styleId = attributes.StyleId;
  }
  if (
    product.Pages &&
    attributes.InnerStyleId &&
    product.Pages.InnerStyleIds.includes(attributes.InnerStyleId)
  ) {
    draft.innerStyleId = attributes.InnerStyleId;
  }
  if (product.Pages && typeof attributes.PageCount === 'number') {
    if (describePageProblem(product, attributes.PageCount) === null) draft.pageCount = attributes.PageCount;
  }
  if (attributes.ColourId && product.Colours.some((colour) => colour.Id === attributes.ColourId)) {
    draft.colourId = attributes.ColourId;
  }
  if (attributes.TechnologyIds) {
    const ids = orderTechnologyIds(product, attributes.TechnologyIds);
    for (const group of product.RequiredGroups) {
      const members = product.Technologies.filter((tech) => tech.Group === group).map((tech) => tech.Id);
      if (!ids.some((id) => members.includes(id))) {
        const fallback = draft.technologyIds.find((id) => members.includes(id));
        if (fallback) ids.push(fallback);
      }
    }
    draft.technologyIds = orderTechnologyIds(product, ids);
  }
  if (typeof saved.quantity === 'number' && describeQuantity(product, saved.quantity) === null) {
    draft.quantity = saved.quantity;
  }
  return draft;
}
