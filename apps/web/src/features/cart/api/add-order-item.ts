import type { AddOrderItemBody } from '@inkstone/contracts';
import { cartCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/order/addorderitem: the priced selection into the cart. The server prices it again;
 * `ExpectedAmountFen` makes it refuse (-1603) when the price is not the one the page showed.
 */
export function addOrderItem(
  body: Partial<AddOrderItemBody> & Pick<AddOrderItemBody, 'ProductId' | 'Quantity'>,
) {
  return api.call(cartCalls.addorderitem, body);
}
