/**
 * Input and output of the price engine (spec §7 CalculationProductPriceToFixed / ToOffer /
 * ToFixedOrOffer). All money is integer fen; see docs/pricing.md for how each line is built.
 */

/** What the customer chose. Values may come straight from the wire: the engine checks every one. */
export interface QuoteSelection {
  /** Preset size id; wins over `widthMm`/`heightMm` when both are given. */
  sizeId?: string;
  /** Custom finished width in whole millimetres. */
  widthMm?: number;
  /** Custom finished height in whole millimetres. */
  heightMm?: number;
  /** 款式 id; for a booklet, the cover paper. */
  styleId?: string;
  /** Booklet inner-page 款式 id. */
  innerStyleId?: string;
  /** Booklet page count, cover's 4 pages included. */
  pageCount?: number;
  /** Colour id (单面/双面, 四色/专色/单黑). */
  colourId?: string;
  /** Chosen technology ids (工艺), any order. */
  technologyIds?: readonly string[];
  /** Quantity in the product's unit (盒, 张, 本 …). */
  quantity: number;
}

/** Kind of a price line. */
export const QUOTE_LINE_KINDS = {
  paper: 'paper',
  printing: 'printing',
  setup: 'setup',
  area: 'area',
  technology: 'technology',
  fixed: 'fixed',
  discount: 'discount',
  minimum: 'minimum',
} as const;
/** Kind of a price line. */
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[keyof typeof QUOTE_LINE_KINDS];

/** One line of a quote; the lines of a quote add up exactly to its total. */
export interface QuoteLine {
  kind: QuoteLineKind;
  /** Chinese label: 纸张, 印刷, 开机, 喷印, 工艺·覆哑膜, 一口价, 数量优惠, 起步价补差 … */
  label: string;
  /** Amount in fen, rounded half-up once; negative only for a discount. */
  amountFen: number;
  /** Chinese explanation of how the amount was reached (the merchant's working: 吨价, 放数, rates). */
  detail: string;
  /**
   * What the customer is shown instead of `detail` where that would reveal the merchant's cost
   * model (paper, printing and setup lines); absent where `detail` is what the customer pays for.
   */
  publicDetail?: string;
  /** Technology id, on technology lines. */
  technologyId?: string;
}

/** How one part (成品, 封面 or 内页) was imposed on press sheets. */
export interface ImpositionPart {
  /** 成品 for single-part products, 封面 or 内页 for booklets. */
  part: '成品' | '封面' | '内页';
  pressId: string;
  pressName: string;
  pressSheetName: string;
  /** Press sheet size in mm. */
  sheetWidthMm: number;
  sheetHeightMm: number;
  /** Imposed piece size including bleed on every edge, in mm. */
  pieceWidthMm: number;
  pieceHeightMm: number;
  /** Pieces laid across and down the sheet; `rotated` when the piece is turned 90°. */
  across: number;
  down: number;
  rotated: boolean;
  piecesPerSheet: number;
  /** Pieces to print for this part (copies × spreads for booklet inner pages). */
  pieces: number;
  /** Sheets carrying the pieces, spoilage (放数) sheets, and their sum. */
  netSheets: number;
  spoilageSheets: number;
  totalSheets: number;
}

/** A successful quote. */
export interface QuoteSuccess {
  ok: true;
  /** Which rule priced it: 一口价 table or 报价 rules. */
  method: 'fixed' | 'offer';
  productId: number;
  quantity: number;
  /** Sum of `lines[].amountFen`, exactly. */
  totalFen: number;
  /** `totalFen / quantity` rounded half-up: for display, not for re-multiplying. */
  unitPriceFen: number;
  lines: QuoteLine[];
  /** Paper weight of the finished goods (gsm × finished area × pieces), rounded half-up to the gram. */
  weightGrams: number;
  /** Working days of production, technologies' extra days included. */
  productionDays: number;
  /** Merchant SKU code of the chosen combination, when a binding rule matches. */
  skuCode?: string;
  /** Imposition of each printed part, for sheet-imposed 报价. */
  imposition?: ImpositionPart[];
}

/** A refused quote: impossible, negative, absurd or excluded input. */
export interface QuoteFailure {
  ok: false;
  /** Chinese reason for the customer. */
  reason: string;
}

/** Result of every price calculation: a value, never an exception for expected bad input. */
export type QuoteResult = QuoteSuccess | QuoteFailure;

/** A technology the UI should grey out, and why (Chinese). */
export interface ExcludedTechnology {
  technologyId: string;
  reason: string;
}
