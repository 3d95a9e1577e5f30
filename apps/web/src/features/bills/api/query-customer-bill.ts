import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { billsCalls } from '@inkstone/contracts';
import type { BillPage } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { DateRange, MonthSpan } from '../utils/bill-period.ts';

export type BillType = '' | 'payment' | 'recharge' | 'refund' | 'adjustment';

export interface CustomerBillParams extends DateRange {
  pageindex: number;
  limit: number;
  Type: BillType;
}

/** POST /api/order/QueryCustomerBill: the customer's money movements, newest first, with the period's sums. */
export function queryCustomerBill(params: CustomerBillParams): Promise<BillPage> {
  return api.call(billsCalls.QueryCustomerBill, params);
}

export function customerBillQuery(params: CustomerBillParams) {
  return queryOptions({
    queryKey: queryKeys.bills.page(params),
    queryFn: () => queryCustomerBill(params),
    staleTime: 10_000,
  });
}

/** One page of the bill; the previous page stays on screen while the next loads. */
export function useCustomerBill(params: CustomerBillParams) {
  return useQuery({ ...customerBillQuery(params), placeholderData: keepPreviousData });
}

/** What was spent in each month (the expense sum of the month's whole bill, in fen, positive). */
export function useMonthlySpending(months: readonly MonthSpan[]) {
  return useQueries({
    queries: months.map((month) => ({
      queryKey: queryKeys.bills.spending(month.key),
      queryFn: async () => {
        const page = await queryCustomerBill({
          pageindex: 1,
          limit: 1,
          Type: '',
          StartDate: month.StartDate,
          EndDate: month.EndDate,
        });
        return Math.abs(page.Attach.ExpenseFen);
      },
      staleTime: 60_000,
    })),
  });
}
