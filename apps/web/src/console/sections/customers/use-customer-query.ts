import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffCalls, type StaffQueryCustomersBody } from '@inkstone/contracts';
import { staffCall } from '../../lib/staff-api.ts';

/** Customers per page of the list, and ledger lines per page of the detail. */
export const CUSTOMERS_PAGE_SIZE = 20;
export const LEDGER_PAGE_SIZE = 10;

/** The query key of every customer list and detail (a change refreshes them all). */
export const CUSTOMERS_KEY = ['console', 'customers'] as const;

/** The list's search and page and the open customer, kept in the address (`q`, `page`, `id`). */
export function useCustomerListState() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('q') ?? '';
  const rawPage = Number(params.get('page') ?? 1);
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const openId = Number(params.get('id') ?? 0) || null;

  const update = useCallback(
    (change: Record<string, string | null>) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(change)) {
          if (value === null || value === '' || (key === 'page' && value === '1')) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );

  return useMemo(
    () => ({
      keyword,
      page,
      openId,
      search: (value: string) => update({ q: value.trim(), page: null }),
      goToPage: (next: number) => update({ page: String(next) }),
      openCustomer: (id: number | null) => update({ id: id === null ? null : String(id) }),
    }),
    [keyword, page, openId, update],
  );
}

/** One page of the merchant's customers (staff QueryCustomers). */
export function useCustomerPage(keyword: string, page: number) {
  const body: StaffQueryCustomersBody = { pageindex: page, limit: CUSTOMERS_PAGE_SIZE, Keyword: keyword };
  return useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', body],
    queryFn: () => staffCall(staffCalls.QueryCustomers, body),
    placeholderData: keepPreviousData,
  });
}

/** One customer with a page of their ledger (CustomerDetail), while `customerId` is set. */
export function useCustomerDetail(customerId: number | null, ledgerPage: number) {
  return useQuery({
    queryKey: [...CUSTOMERS_KEY, 'detail', customerId, ledgerPage],
    queryFn: () =>
      staffCall(staffCalls.CustomerDetail, {
        CustomerId: customerId!,
        pageindex: ledgerPage,
        limit: LEDGER_PAGE_SIZE,
      }),
    enabled: customerId !== null,
    placeholderData: keepPreviousData,
  });
}
