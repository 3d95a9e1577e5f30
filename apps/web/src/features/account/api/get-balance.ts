import { queryOptions, useQuery } from '@tanstack/react-query';
import { billsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The customer's balance in fen: `Attach.BalanceFen` of POST /api/order/QueryCustomerBill, asked
 * for one line (no call returns the balance alone; docs/payments.md).
 */
export async function getBalanceFen(): Promise<number> {
  const page = await api.call(billsCalls.QueryCustomerBill, { pageindex: 1, limit: 1 });
  return page.Attach.BalanceFen;
}

export function balanceQuery() {
  return queryOptions({ queryKey: queryKeys.account.balance, queryFn: getBalanceFen, staleTime: 10_000 });
}

export function useBalance() {
  return useQuery(balanceQuery());
}
