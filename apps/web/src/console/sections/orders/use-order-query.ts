import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffCalls, type StaffQueryOrdersBody } from '@inkstone/contracts';
import { staffCall } from '../../lib/staff-api.ts';

/** Orders per page of the console's list. */
export const ORDERS_PAGE_SIZE = 20;

/** The list's filters, kept in the address so a reload or a shared link shows the same list. */
export interface OrderListFilters {
  status: number;
  keyword: string;
  customer: string;
  startDate: string;
  endDate: string;
  /** Inside 待审稿: '' every order, `pending` waiting for review, `rejected` sent back to the customer. */
  review: string;
  /** Inside 生产中: '' every order, `not_started` 待开始生产, `started` 已开始. */
  production: string;
  page: number;
}

const KEYS = {
  status: 'status',
  keyword: 'q',
  customer: 'customer',
  startDate: 'from',
  endDate: 'to',
  review: 'review',
  production: 'production',
  page: 'page',
};

function readFilters(params: URLSearchParams): OrderListFilters {
  const status = Number(params.get(KEYS.status) ?? 0);
  const page = Number(params.get(KEYS.page) ?? 1);
  return {
    status: [0, 1, 2, 3, 4, 5, 9].includes(status) ? status : 0,
    keyword: params.get(KEYS.keyword) ?? '',
    customer: params.get(KEYS.customer) ?? '',
    startDate: params.get(KEYS.startDate) ?? '',
    endDate: params.get(KEYS.endDate) ?? '',
    review: ['pending', 'rejected'].includes(params.get(KEYS.review) ?? '') ? params.get(KEYS.review)! : '',
    production: ['not_started', 'started'].includes(params.get(KEYS.production) ?? '')
      ? params.get(KEYS.production)!
      : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The order list's filters from the address, a setter (back to page 1 unless a page is set) and the open order. */
export function useOrderListState() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const openId = Number(params.get('id') ?? 0) || null;

  const setFilters = useCallback(
    (change: Partial<OrderListFilters>) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        const merged = { ...readFilters(previous), page: 1, ...change };
        for (const [name, key] of Object.entries(KEYS)) {
          const value = String(merged[name as keyof OrderListFilters]);
          const isDefault =
            value === '' || (name === 'status' && value === '0') || (name === 'page' && value === '1');
          if (isDefault) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );

  const openOrder = useCallback(
    (id: number | null) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (id === null) next.delete('id');
        else next.set('id', String(id));
        return next;
      }),
    [setParams],
  );

  return { filters, setFilters, openId, openOrder };
}

/** The query key of every order list and detail (actions refresh them all). */
export const ORDERS_KEY = ['console', 'orders'] as const;

/** The review state to filter by: only inside the 待审稿 tab. */
export function reviewStateOf(filters: OrderListFilters): 'pending' | 'rejected' | null {
  return filters.status === 2 && (filters.review === 'pending' || filters.review === 'rejected')
    ? filters.review
    : null;
}

/** The production state to filter by: only inside the 生产中 tab. */
export function productionOf(filters: OrderListFilters): 'not_started' | 'started' | null {
  return filters.status === 3 && (filters.production === 'not_started' || filters.production === 'started')
    ? filters.production
    : null;
}

/** One page of the merchant's orders (staff QueryOrders) for `filters`. */
export function useOrderPage(filters: OrderListFilters) {
  const body: StaffQueryOrdersBody = {
    pageindex: filters.page,
    limit: ORDERS_PAGE_SIZE,
    Status: filters.status as StaffQueryOrdersBody['Status'],
    Keyword: filters.keyword,
    Customer: filters.customer,
    StartDate: filters.startDate || null,
    EndDate: filters.endDate || null,
    ReviewState: reviewStateOf(filters),
    Production: productionOf(filters),
  };
  return useQuery({
    queryKey: [...ORDERS_KEY, 'list', body],
    queryFn: () => staffCall(staffCalls.QueryOrders, body),
    placeholderData: keepPreviousData,
  });
}

/** One order as staff see it (OrderDetail), while `orderId` is set. */
export function useOrderDetail(orderId: number | null) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'detail', orderId],
    queryFn: () => staffCall(staffCalls.OrderDetail, { OrderId: orderId! }),
    enabled: orderId !== null,
  });
}
