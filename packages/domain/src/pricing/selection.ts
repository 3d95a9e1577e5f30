/**
 * Checks a customer's selection against a compiled product and resolves it into the numbers the
 * price rules need. Every expected problem comes back as a Chinese reason, never as an exception.
 */
import { describeQuantityProblem } from '../catalog/quantity-rule.ts';
import type { CompiledColour, CompiledProduct, CompiledStyle, CompiledTechnology } from './compile.ts';
import type { ExcludedTechnology, QuoteSelection } from './quote.types.ts';

/** Largest number of finished pieces one quote may cover; beyond it the input is absurd. */
export const MAX_PIECES = 1_000_000_000;

/** A selection that passed every check, with its choices looked up. */
export interface ResolvedSelection {
  quantity: number;
  /** Finished pieces: quantity × pieces per unit (copies, for booklets). */
  pieces: number;
  sizeId: string | undefined;
  sizeName: string;
  widthMm: number;
  heightMm: number;
  style: CompiledStyle;
  innerStyle: CompiledStyle | undefined;
  pageCount: number | undefined;
  colour: CompiledColour;
  /** Chosen technologies in catalogue order. */
  technologies: CompiledTechnology[];
  techMask: number;
}

/** Outcome of `resolveSelection`. */
export type ResolveResult = { ok: true; value: ResolvedSelection } | { ok: false; reason: string };

const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** The size a selection names: a preset of the product's (itself) or a custom one. */
interface SizeChoice {
  id: string | undefined;
  name: string;
  widthMm: number;
  heightMm: number;
}

/** The chosen size, or the reason there is none (a string). */
function resolveSize(product: CompiledProduct, selection: QuoteSelection): SizeChoice | string {
  if (selection.sizeId !== undefined) {
    const preset = typeof selection.sizeId === 'string' ? product.sizes.get(selection.sizeId) : undefined;
    return preset ?? '所选尺寸不存在';
  }
  const { widthMm, heightMm } = selection;
  if (widthMm === undefined && heightMm === undefined) return '请选择尺寸';
  const custom = product.customSize;
  if (!custom) return '该商品不支持自定义尺寸';
  if (!isWholeNumber(widthMm) || !isWholeNumber(heightMm)) return '自定义尺寸须为整数毫米';
  if (widthMm < custom.MinWidthMm || widthMm > custom.MaxWidthMm)
    return `宽度须在${custom.MinWidthMm}–${custom.MaxWidthMm}毫米之间`;
  if (heightMm < custom.MinHeightMm || heightMm > custom.MaxHeightMm)
    return `高度须在${custom.MinHeightMm}–${custom.MaxHeightMm}毫米之间`;
  return { id: undefined, name: `${widthMm}×${heightMm}mm`, widthMm, heightMm };
}

/** The mask of the chosen technologies (their bits or'ed), or the reason they cannot be read (a string). */
function technologyMask(product: CompiledProduct, ids: unknown): number | string {
  if (ids === undefined) return 0;
  if (!Array.isArray(ids)) return '工艺选项格式不正确';
  let mask = 0;
  for (const id of ids as unknown[]) {
    const tech = typeof id === 'string' ? product.technologyById.get(id) : undefined;
    if (!tech) return `工艺「${String(id)}」不存在`;
    mask |= tech.bit;
  }
  return mask;
}

/**
 * A technology's reasons, made once each: the same technologies give the same text, and a quote's
 * list of excluded technologies asks for them on every call. Keyed by the conflicting technology,
 * the excluded 款式's id or the page range; bounded by the catalogue (a WeakMap: they go with it).
 */
const reasonTexts = new WeakMap<CompiledTechnology, Map<unknown, string>>();

function reasonsOf(tech: CompiledTechnology): Map<unknown, string> {
  let reasons = reasonTexts.get(tech);
  if (!reasons) {
    reasons = new Map();
    reasonTexts.set(tech, reasons);
  }
  return reasons;
}

/** Why `tech` cannot be chosen next to the rest of the selection, or null when it can. */
function technologyProblem(
  product: CompiledProduct,
  tech: CompiledTechnology,
  mask: number,
  styleId: unknown,
  pageCount: unknown,
): string | null {
  const conflict = tech.conflictMask & mask;
  if (conflict !== 0) {
    let other: CompiledTechnology | undefined;
    for (const candidate of product.technologies) {
      if ((candidate.bit & conflict) !== 0) {
        other = candidate;
        break;
      }
    }
    const reasons = reasonsOf(tech);
    let reason = reasons.get(other);
    if (reason === undefined) {
      reason = `「${tech.name}」与已选工艺「${other?.name ?? ''}」不能同时选择`;
      reasons.set(other, reason);
    }
    return reason;
  }
  if (typeof styleId === 'string' && tech.excludedStyleIds.has(styleId)) {
    const reasons = reasonsOf(tech);
    let reason = reasons.get(styleId);
    if (reason === undefined) {
      reason = `「${product.styles.get(styleId)?.name ?? styleId}」不支持${tech.name}`;
      reasons.set(styleId, reason);
    }
    return reason;
  }
  const range = tech.pageRange;
  if (range && isWholeNumber(pageCount) && (pageCount < range.min || pageCount > range.max)) {
    const reasons = reasonsOf(tech);
    let reason = reasons.get(range);
    if (reason === undefined) {
      reason = `${tech.name}仅适用于${range.min}–${range.max}页`;
      reasons.set(range, reason);
    }
    return reason;
  }
  return null;
}

/**
 * Technologies the UI should grey out for the current (possibly partial) selection, each with a
 * Chinese reason: excluded by a chosen technology or its group, not offered for the chosen
 * 款式, or outside its page range. Spec §3 "excluded technology attribute ids".
 */
export function excludedTechnologies(
  product: CompiledProduct,
  selection: Partial<QuoteSelection> | null | undefined,
): ExcludedTechnology[] {
  if (!selection || typeof selection !== 'object') return excludedTechnologies(product, {});
  const chosen = technologyMask(product, selection.technologyIds);
  const mask = typeof chosen === 'number' ? chosen : 0;
  const excluded: ExcludedTechnology[] = [];
  for (const tech of product.technologies) {
    const reason = technologyProblem(product, tech, mask & ~tech.bit, selection.styleId, selection.pageCount);
    if (reason !== null) excluded.push({ technologyId: tech.id, reason });
  }
  return excluded;
}

function resolveStyles(
  product: CompiledProduct,
  selection: QuoteSelection,
):
  | { ok: true; style: CompiledStyle; inner: CompiledStyle | undefined; pageCount: number | undefined }
  | { ok: false; reason: string } {
  const pages = product.pages;
  const styleId = selection.styleId;
  if (styleId === undefined) return fail(pages ? '请选择封面纸张' : '请选择款式');
  const style = typeof styleId === 'string' ? product.styles.get(styleId) : undefined;
  if (!style) return fail('所选款式不存在');
  if (!pages) return { ok: true, style, inner: undefined, pageCount: undefined };
  if (!pages.coverStyleIds.has(style.id)) return fail(`「${style.name}」不能用作封面`);
  const innerId = selection.innerStyleId;
  if (innerId === undefined) return fail('请选择内页纸张');
  const inner = typeof innerId === 'string' ? product.styles.get(innerId) : undefined;
  if (!inner) return fail('所选内页纸张不存在');
  if (!pages.innerStyleIds.has(inner.id)) return fail(`「${inner.name}」不能用作内页`);
  const pageCount = selection.pageCount;
  if (pageCount === undefined) return fail('请选择页数');
  if (!isWholeNumber(pageCount)) return fail('页数必须是整数');
  if (pageCount < pages.min || pageCount > pages.max) return fail(`页数须在${pages.min}–${pages.max}页之间`);
  if (pageCount % pages.multiple !== 0) return fail(`页数须为${pages.multiple}的倍数`);
  return { ok: true, style, inner, pageCount };
}

/** Checks `selection` against `product`; the first problem found is the reason. */
export function resolveSelection(product: CompiledProduct, selection: QuoteSelection): ResolveResult {
  if (selection === null || typeof selection !== 'object') return fail('请选择商品规格');
  const quantityProblem = describeQuantityProblem(product.quantity, selection.quantity, product.unit);
  if (quantityProblem !== null) return fail(quantityProblem);
  const pieces = selection.quantity * product.piecesPerUnit;
  if (pieces > MAX_PIECES) return fail('数量过大，请联系商家人工报价');
  const size = resolveSize(product, selection);
  if (typeof size === 'string') return fail(size);
  const styles = resolveStyles(product, selection);
  if (!styles.ok) return styles;
  const colourId = selection.colourId;
  if (colourId === undefined) return fail('请选择颜色');
  const colour = typeof colourId === 'string' ? product.colours.get(colourId) : undefined;
  if (!colour) return fail('所选颜色不存在');
  const mask = technologyMask(product, selection.technologyIds);
  if (typeof mask === 'string') return fail(mask);
  // Sized to the chosen technologies' count (an empty array's first push reserves 17 places).
  let count = 0;
  for (let bits = mask; bits !== 0; bits &= bits - 1) count += 1;
  const technologies = new Array<CompiledTechnology>(count);
  let at = 0;
  for (const tech of product.technologies) {
    if ((mask & tech.bit) === 0) continue;
    const problem = technologyProblem(product, tech, mask & ~tech.bit, styles.style.id, styles.pageCount);
    if (problem !== null) return fail(problem);
    technologies[at] = tech;
    at += 1;
  }
  for (const group of product.requiredGroups) {
    if ((mask & group.mask) === 0) return fail(`请选择${group.name}方式`);
  }
  return {
    ok: true,
    value: {
      quantity: selection.quantity,
      pieces,
      sizeId: size.id,
      sizeName: size.name,
      widthMm: size.widthMm,
      heightMm: size.heightMm,
      style: styles.style,
      innerStyle: styles.inner,
      pageCount: styles.pageCount,
      colour,
      technologies,
      techMask: mask,
    },
  };
}
