import type {
  CartLine,
  ContentImage,
  OrderAddress,
  PriceMode,
  Selection,
  ServerFile,
} from '@inkstone/contracts';
import type { OrderLineRow } from './cart.repository.ts';
import type { PriceOutcome, PricedLine } from './line-pricing.ts';

/** A stored line's selection (wire form). */
export function storedSelection(row: OrderLineRow): Selection {
  return JSON.parse(row.selection_json) as Selection;
}

/**
 * The columns of an order line that a pricing sets: written when a line is added, re-priced in the
 * cart, or checked out.
 */
export function pricedColumns(line: PricedLine) {
  return {
    catalog_version: line.catalogVersion,
    product_title: line.productTitle,
    unit: line.unit,
    selection_json: JSON.stringify(line.selection),
    spec_text: line.specText,
    quantity: line.quantity,
    amount_fen: line.amountFen,
    unit_price_fen: line.unitPriceFen,
    weight_grams: line.weightGrams,
    production_days: line.productionDays,
    sku_code: line.skuCode,
    quote_json: JSON.stringify(line.priceLines),
  };
}

/** A line's own delivery address (a batch import's row), or null: the one chosen at checkout. */
export function storedLineAddress(row: OrderLineRow): OrderAddress | null {
  return row.address_json ? (JSON.parse(row.address_json) as OrderAddress) : null;
}

/**
 * A cart row → the wire cart line. `current` is the row re-priced with today's catalogue: its
 * price is shown when it prices, otherwise the line is marked unavailable with the reason.
 * `image` is the product's picture now (null when it has none); `artwork` the line's own file
 * while it is still one of the customer's live files.
 */
export function toCartLine(
  row: OrderLineRow,
  current: PriceOutcome,
  sourceOrderNo: string | null,
  image: ContentImage | null,
  artwork: readonly ServerFile[] = [],
): CartLine {
  const now = current.ok ? current.line : null;
  return {
    Id: row.id,
    ProductId: row.product_id,
    ProductTitle: now?.productTitle ?? row.product_title,
    ProductImage: image,
    Unit: now?.unit ?? row.unit,
    Selection: now?.selection ?? storedSelection(row),
    Quantity: now?.quantity ?? row.quantity,
    SpecText: now?.specText ?? row.spec_text,
    PriceMode: row.price_mode as PriceMode,
    AmountFen: now?.amountFen ?? row.amount_fen,
    UnitPriceFen: now?.unitPriceFen ?? row.unit_price_fen,
    AddedAmountFen: row.amount_fen,
    IsPriceChanged: now !== null && now.amountFen !== row.amount_fen,
    IsAvailable: now !== null,
    UnavailableReason: current.ok ? '' : current.reason,
    CatalogVersion: now?.catalogVersion ?? row.catalog_version,
    WeightGrams: now?.weightGrams ?? row.weight_grams,
    ProductionDays: now?.productionDays ?? row.production_days,
    FinishedSize: now?.finishedSize
      ? {
          WidthMm: now.finishedSize.widthMm,
          HeightMm: now.finishedSize.heightMm,
          BleedMm: now.finishedSize.bleedMm,
        }
      : null,
    Remarks: row.remarks,
    SourceOrderNo: sourceOrderNo,
    AddressId: row.address_id,
    Address: storedLineAddress(row),
    ArtworkFiles: [...artwork],
    CreatedAt: new Date(row.created_at).toISOString(),
  };
}
