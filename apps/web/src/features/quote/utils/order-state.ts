import type { PriceRequestBody, ProductDetail, Quote } from '@inkstone/contracts';
import type { LiveQuote } from '../hooks/use-live-quote.ts';
import type { PriceRequestResult } from './selection.ts';

/** Which order button's request is in flight: 加入购物车 or 立即下单. */
export type AddOrderKind = 'cart' | 'order';

/**
 * Where the quote screen stands (spec §3 order state, "quotation process"):
 * `choosing` a choice has a problem shown beside its field; `calculating` a price for the current
 * choices is being asked; `calculated` its price is on screen and may be ordered; `emptyPrice` the
 * price engine answered that the combination has no price; `failed` the price call failed;
 * `addingOrder` 加入购物车 or 立即下单 is being sent.
 */
export type QuotationProcess =
  'choosing' | 'calculating' | 'calculated' | 'emptyPrice' | 'failed' | 'addingOrder';

/** A priced item on top of the printing itself (a 工艺 line of the price), spec §3 "appended projects". */
export interface AppendedProject {
  TechnologyId: string | null;
  Label: string;
  AmountFen: number;
}

/**
 * The order state of spec §3 for one quote screen, under the spec's names. Derived from the quote
 * screen's real state (the choices, the live price and the order buttons), never kept apart from
 * it, so it cannot disagree with what the screen shows. The category tree ("product classifies")
 * is the catalogue feature's; the address list and order info belong to checkout.
 */
export interface OrderState {
  /** "current product": the product on screen. */
  currentProduct: ProductDetail;
  /** "calculation parameters": the price request of the current choices; null while one is wrong. */
  calculationParameters: PriceRequestBody | null;
  /** "calculated flag": the price of exactly the current choices is on screen. */
  isCalculated: boolean;
  /**
   * "empty-price flag": the engine's last answer was that the combination has no price (the price
   * panel says why until the next answer).
   */
  isEmptyPrice: boolean;
  /** "appended projects": the 工艺 lines the price on screen adds to the printing, in its order. */
  appendedProjects: AppendedProject[];
  /** "quotation process": the step the screen is at. */
  quotationProcess: QuotationProcess;
  /** "add-order flag": 加入购物车 or 立即下单 is being sent; a second press sends nothing. */
  isAddingOrder: boolean;
}

export interface OrderStateInput {
  product: ProductDetail;
  request: PriceRequestResult;
  live: LiveQuote;
  /** The quote on screen when it is the price of the current choices, else null. */
  currentQuote: Quote | null;
  addingOrder: AddOrderKind | null;
}

function processOf({ request, live, currentQuote, addingOrder }: OrderStateInput): QuotationProcess {
  if (addingOrder !== null) return 'addingOrder';
  if (!request.ok || live.status === 'invalid') return 'choosing';
  if (live.isBusy || live.status === 'loading') return 'calculating';
  if (currentQuote !== null) return 'calculated';
  if (live.status === 'refused') return 'emptyPrice';
  if (live.status === 'failed') return 'failed';
  return 'calculating';
}

/** The spec §3 order state of a quote screen from what the screen holds. */
export function orderStateOf(input: OrderStateInput): OrderState {
  const quotationProcess = processOf(input);
  const isCalculated = input.currentQuote !== null && input.request.ok && !input.live.isBusy;
  return {
    currentProduct: input.product,
    calculationParameters: input.request.ok ? input.request.body : null,
    isCalculated,
    isEmptyPrice: input.request.ok && input.live.status === 'refused',
    appendedProjects: isCalculated
      ? (input.currentQuote?.Lines ?? [])
          .filter((line) => line.Kind === 'technology')
          .map((line) => ({ TechnologyId: line.TechnologyId, Label: line.Label, AmountFen: line.AmountFen }))
      : [],
    quotationProcess,
    isAddingOrder: input.addingOrder !== null,
  };
}
