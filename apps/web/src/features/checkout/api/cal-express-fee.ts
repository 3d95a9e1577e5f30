import { useQuery } from '@tanstack/react-query';
import { expressCalls } from '@inkstone/contracts';
import type { ExpressFee } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ExpressFeeParams {
  ExpressId: number;
  /** null: no address (到店自提 only). */
  AddressId: number | null;
  WeightGrams: number;
  OrderAmountFen: number;
}

/** POST /api/order/CalExpressFee: the fee of one company to one of the customer's addresses. */
export function calExpressFee(params: ExpressFeeParams): Promise<ExpressFee> {
  return api.call(expressCalls.CalExpressFee, params, { ignoreAlert: true });
}

/** The fee of each company for the parcel; a company that cannot deliver there fails with its reason. */
export function useExpressFee(params: ExpressFeeParams | null) {
  return useQuery({
    queryKey: queryKeys.express.fee(params),
    queryFn: () => calExpressFee(params!),
    enabled: params !== null,
    staleTime: 60_000,
  });
}
