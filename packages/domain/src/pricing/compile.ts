/**
 * Compiles a validated product into lookup tables so that one quote costs a few map reads and
 * integer operations: id maps, technology bitmasks with symmetric exclusions, per-press paper
 * prices per sheet as exact ratios, fixed-price maps and sorted breaks.
 */
import type { Catalog, FinishingUnit, Ink, Product } from '../catalog/catalog.schema.ts';
import type { QuantityRule } from '../catalog/quantity-rule.ts';
import { formatYuan, groupThousands, ratioOf, type Ratio } from './money.ts';

/** Grams per tonne times mm² per m²: the denominator of a per-sheet paper price. */
const PAPER_PRICE_DENOMINATOR = [1_000_000, 1_000_000];

/** A compiled paper or material. */
export interface CompiledPaper {
  id: string;
  name: string;
  gsm: number;
  pricePerTonFen: number | undefined;
  pricePerM2Fen: number | undefined;
  /** Display text of the ton price, e.g. `吨价¥6,500.00` (precomputed for speed). */
  tonPriceText: string;
}

/** A compiled 款式. */
export interface CompiledStyle {
  id: string;
  name: string;
  paper: CompiledPaper;
}

/** A compiled colour choice. */
export interface CompiledColour {
  id: string;
  name: string;
  sides: 1 | 2;
  ink: Ink;
}

/** A compiled technology: bit in the selection mask and the mask of everything it excludes. */
export interface CompiledTechnology {
  id: string;
  name: string;
  bit: number;
  /** Technologies that cannot be chosen with this one (ExcludeIds both ways, same Group). */
  conflictMask: number;
  group: string | undefined;
  excludedStyleIds: ReadonlySet<string>;
  pageRange: { min: number; max: number } | undefined;
  extraDays: number;
  price: { unit: FinishingUnit; rateFen: number; perUnits: number; setupFen: number; minFen: number };
  /**
   * Its quote line's texts, made once: the label (工艺·覆哑膜); what follows the measure
   * (`件 × ¥5.00/1,000件`, or for a fixed fee the whole text `每单 ¥30.00`); the setup note
   * (` + 版费/准备费 ¥50.00`) and the minimum note (`，不足 ¥20.00 按 ¥20.00 计`).
   */
  texts: { label: string; afterMeasure: string; setupNote: string; minimumNote: string };
}

/** A compiled press: usable area after margins, rates by ink and paper price per sheet. */
export interface CompiledPress {
  id: string;
  name: string;
  sheetName: string;
  sheetWidthMm: number;
  sheetHeightMm: number;
  usableWidthMm: number;
  usableHeightMm: number;
  /** Sheet size and area for display, e.g. `大度对开 597×889mm` and `0.5307`. */
  sheetText: string;
  sheetAreaText: string;
  rates: Partial<
    Record<
      Ink,
      { setupFenPerSide: number; rateFen: number; perSheets: number; rateText: string; setupText: string }
    >
  >;
  spoilage: { sheetsPerSide: number; permille: number };
  /** Paper price of one press sheet by paper id, exact. */
  sheetPrice: ReadonlyMap<string, Ratio>;
}

/** A quantity break: from `minQuantity` on, `discountPercent` off the subtotal. */
export interface CompiledBreak {
  minQuantity: number;
  discountPercent: number;
  /**
   * Its discount line's text around the subtotal, made once: `满1,000本优惠5%：` and ` × 5%`
   * (a quote writes prefix + subtotal + suffix).
   */
  detailPrefix: string;
  detailSuffix: string;
}

/** Compiled 报价 rules. */
export type CompiledOffer =
  | {
      kind: 'sheet';
      bleedMm: number;
      presses: CompiledPress[];
      breaks: CompiledBreak[];
      minChargeFen: number;
    }
  | { kind: 'area'; minAreaPerPieceMm2: number; breaks: CompiledBreak[]; minChargeFen: number };

/** A compiled SKU binding rule; `techMask` undefined means any technologies. */
export interface CompiledSkuRule {
  skuCode: string;
  sizeId: string | undefined;
  styleId: string | undefined;
  innerStyleId: string | undefined;
  pageCount: number | undefined;
  colourId: string | undefined;
  techMask: number | undefined;
}

/** A product ready for fast quoting; build with `compileProduct`. */
export interface CompiledProduct {
  source: Product;
  id: number;
  title: string;
  unit: string;
  piecesPerUnit: number;
  priceMode: Product['PriceMode'];
  sizes: ReadonlyMap<string, { id: string; name: string; widthMm: number; heightMm: number }>;
  customSize: Product['Sizes']['Custom'];
  styles: ReadonlyMap<string, CompiledStyle>;
  pages:
    | {
        min: number;
        max: number;
        multiple: number;
        coverStyleIds: ReadonlySet<string>;
        innerStyleIds: ReadonlySet<string>;
      }
    | undefined;
  colours: ReadonlyMap<string, CompiledColour>;
  technologies: readonly CompiledTechnology[];
  technologyById: ReadonlyMap<string, CompiledTechnology>;
  requiredGroups: readonly { name: string; mask: number }[];
  quantity: QuantityRule;
  skuRules: readonly CompiledSkuRule[];
  fixedPrices: ReadonlyMap<string, ReadonlyMap<number, number>>;
  offer: CompiledOffer | undefined;
  productionDays: readonly { minQuantity: number; days: number }[];
}

const UNIT_NAMES: Record<FinishingUnit, string> = {
  piece: '件',
  sqm: '㎡',
  metre: '米',
  sheet: '张',
  fixed: '单',
};

/** A technology's quote-line texts (see `CompiledTechnology.texts`); finishing.ts joins them. */
function technologyTexts(tech: Product['Technologies'][number]): CompiledTechnology['texts'] {
  const { Unit, RateFen, PerUnits, SetupFen, MinFen } = tech.Price;
  const rate = `${formatYuan(RateFen)}/${PerUnits === 1 ? '' : groupThousands(PerUnits)}${UNIT_NAMES[Unit]}`;
  const minimum = formatYuan(MinFen);
  return {
    label: `工艺·${tech.Name}`,
    afterMeasure: Unit === 'fixed' ? `每单 ${formatYuan(RateFen)}` : `${UNIT_NAMES[Unit]} × ${rate}`,
    setupNote: ` + 版费/准备费 ${formatYuan(SetupFen)}`,
    minimumNote: `，不足 ${minimum} 按 ${minimum} 计`,
  };
}

function compileTechnologies(product: Product): CompiledTechnology[] {
  const index = new Map(product.Technologies.map((tech, at) => [tech.Id, at]));
  const masks = product.Technologies.map(() => 0);
  product.Technologies.forEach((tech, at) => {
    for (const other of tech.ExcludeIds) {
      const otherAt = index.get(other);
      if (otherAt === undefined) continue;
      masks[at] = (masks[at] ?? 0) | (1 << otherAt);
      masks[otherAt] = (masks[otherAt] ?? 0) | (1 << at);
    }
    product.Technologies.forEach((other, otherAt) => {
      if (otherAt !== at && tech.Group !== undefined && other.Group === tech.Group)
        masks[at] = (masks[at] ?? 0) | (1 << otherAt);
    });
  });
  return product.Technologies.map((tech, at) => ({
    id: tech.Id,
    name: tech.Name,
    bit: 1 << at,
    conflictMask: masks[at] ?? 0,
    group: tech.Group,
    excludedStyleIds: new Set(tech.ExcludeStyleIds),
    pageRange: tech.PageRange ? { min: tech.PageRange.Min, max: tech.PageRange.Max } : undefined,
    extraDays: tech.ExtraDays,
    texts: technologyTexts(tech),
    price: {
      unit: tech.Price.Unit,
      rateFen: tech.Price.RateFen,
      perUnits: tech.Price.PerUnits,
      setupFen: tech.Price.SetupFen,
      minFen: tech.Price.MinFen,
    },
  }));
}

function compileOffer(
  product: Product,
  catalog: Pick<Catalog, 'Papers' | 'PressSheets'>,
  styles: ReadonlyMap<string, CompiledStyle>,
): CompiledOffer | undefined {
  const offer = product.Offer;
  if (!offer) return undefined;
  const breaks = offer.Breaks.map((row): CompiledBreak => ({
    minQuantity: row.MinQuantity,
    discountPercent: row.DiscountPercent,
    detailPrefix: `满${groupThousands(row.MinQuantity)}${product.Unit}优惠${row.DiscountPercent}%：`,
    detailSuffix: ` × ${row.DiscountPercent}%`,
  }));
  if (offer.Kind === 'area') {
    return {
      kind: 'area',
      minAreaPerPieceMm2: Math.round(offer.MinAreaPerPieceM2 * 1_000_000),
      breaks,
      minChargeFen: offer.MinChargeFen,
    };
  }
  const presses = offer.Presses.map((press): CompiledPress => {
    const sheet = catalog.PressSheets.find((candidate) => candidate.Id === press.PressSheetId);
    if (!sheet) throw new Error(`press sheet ${press.PressSheetId} is missing: validate the catalogue first`);
    const sheetPrice = new Map<string, Ratio>();
    for (const style of styles.values()) {
      const { paper } = style;
      if (paper.pricePerTonFen === undefined || sheetPrice.has(paper.id)) continue;
      sheetPrice.set(
        paper.id,
        ratioOf([paper.pricePerTonFen, paper.gsm, sheet.WidthMm, sheet.HeightMm], PAPER_PRICE_DENOMINATOR),
      );
    }
    const rates: CompiledPress['rates'] = {};
    for (const rate of press.Rates) {
      rates[rate.Ink] = {
        setupFenPerSide: rate.SetupFenPerSide,
        rateFen: rate.RateFen,
        perSheets: rate.PerSheets,
        rateText: `${formatYuan(rate.RateFen)}/${rate.PerSheets === 1 ? '' : groupThousands(rate.PerSheets)}印`,
        setupText: `${formatYuan(rate.SetupFenPerSide)}/面`,
      };
    }
    return {
      id: press.Id,
      name: press.Name,
      sheetName: sheet.Name,
      sheetWidthMm: sheet.WidthMm,
      sheetHeightMm: sheet.HeightMm,
      sheetText: `${sheet.Name} ${sheet.WidthMm}×${sheet.HeightMm}mm`,
      sheetAreaText: String(Math.round((sheet.WidthMm * sheet.HeightMm) / 100) / 10_000),
      usableWidthMm: Math.max(0, sheet.WidthMm - 2 * press.MarginMm),
      usableHeightMm: Math.max(0, sheet.HeightMm - 2 * press.MarginMm),
      rates,
      spoilage: { sheetsPerSide: press.Spoilage.SheetsPerSide, permille: press.Spoilage.Permille },
      sheetPrice,
    };
  });
  return { kind: 'sheet', bleedMm: offer.BleedMm, presses, breaks, minChargeFen: offer.MinChargeFen };
}

/**
 * Compiles one product of a validated catalogue (papers and press sheets are looked up in
 * `catalog`). Throws only when the catalogue was not validated by `parseCatalog` first.
 */
export function compileProduct(
  product: Product,
  catalog: Pick<Catalog, 'Papers' | 'PressSheets'>,
): CompiledProduct {
  const papers = new Map(
    catalog.Papers.map((paper): [string, CompiledPaper] => [
      paper.Id,
      {
        id: paper.Id,
        name: paper.Name,
        gsm: paper.Gsm,
        pricePerTonFen: paper.PricePerTonFen,
        pricePerM2Fen: paper.PricePerM2Fen,
        tonPriceText: `吨价${formatYuan(paper.PricePerTonFen ?? 0)}`,
      },
    ]),
  );
  const styles = new Map(
    product.Styles.map((style): [string, CompiledStyle] => {
      const paper = papers.get(style.PaperId);
      if (!paper) throw new Error(`paper ${style.PaperId} is missing: validate the catalogue first`);
      return [style.Id, { id: style.Id, name: style.Name, paper }];
    }),
  );
  const technologies = compileTechnologies(product);
  const technologyById = new Map(technologies.map((tech) => [tech.id, tech]));
  const maskOf = (ids: readonly string[]): number =>
    ids.reduce((mask, id) => mask | (technologyById.get(id)?.bit ?? 0), 0);
  return {
    source: product,
    id: product.Id,
    title: product.Title,
    unit: product.Unit,
    piecesPerUnit: product.PiecesPerUnit,
    priceMode: product.PriceMode,
    sizes: new Map(
      product.Sizes.Presets.map((size) => [
        size.Id,
        { id: size.Id, name: size.Name, widthMm: size.WidthMm, heightMm: size.HeightMm },
      ]),
    ),
    customSize: product.Sizes.Custom,
    styles,
    pages: product.Pages
      ? {
          min: product.Pages.Min,
          max: product.Pages.Max,
          multiple: product.Pages.Multiple,
          coverStyleIds: new Set(product.Pages.CoverStyleIds),
          innerStyleIds: new Set(product.Pages.InnerStyleIds),
        }
      : undefined,
    colours: new Map(
      product.Colours.map((colour) => [
        colour.Id,
        { id: colour.Id, name: colour.Name, sides: colour.Sides, ink: colour.Ink },
      ]),
    ),
    technologies,
    technologyById,
    requiredGroups: product.RequiredGroups.map((name) => ({
      name,
      mask: technologies.filter((tech) => tech.group === name).reduce((mask, tech) => mask | tech.bit, 0),
    })),
    quantity: product.Quantity,
    skuRules: product.SkuBindings.map((rule) => ({
      skuCode: rule.SkuCode,
      sizeId: rule.SizeId,
      styleId: rule.StyleId,
      innerStyleId: rule.InnerStyleId,
      pageCount: rule.PageCount,
      colourId: rule.ColourId,
      techMask: rule.TechnologyIds ? maskOf(rule.TechnologyIds) : undefined,
    })),
    fixedPrices: new Map(
      product.FixedPrices.map((table) => [
        table.SkuCode,
        new Map(table.Prices.map((row) => [row.Quantity, row.PriceFen])),
      ]),
    ),
    offer: compileOffer(product, catalog, styles),
    productionDays: product.ProductionDays.map((row) => ({ minQuantity: row.MinQuantity, days: row.Days })),
  };
}

/** Compiles every product of a validated catalogue, keyed by product Id. */
export function compileCatalog(catalog: Catalog): ReadonlyMap<number, CompiledProduct> {
  return new Map(catalog.Products.map((product) => [product.Id, compileProduct(product, catalog)]));
}
