import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@inkstone/contracts';
import type { Dayjs } from 'dayjs';
import { orderPath } from '../../../lib/paths.ts';
import type { OrderTabKey } from '../../../lib/paths.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { ExportExcelRequest } from '../../excel/index.ts';
import { useOrderList } from '../api/query-orders.ts';
import { resolveOrderTab } from '../paths.ts';

export type DateRange = [Dayjs | null, Dayjs | null] | null;

/**
 * 我的订单's state: the status tab the address names (`t`), search, period and page, the page of
 * orders, and where to go next.
 */
export function useOrderListPage() {
  const site = useVersionSite();
  const tab = resolveOrderTab(useParams().t);
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<DateRange>(null);
  const [pageIndex, setPageIndex] = useState(1);
  const debouncedKeyword = useDebouncedValue(keyword.trim());

  useEffect(() => setPageIndex(1), [tab.key, debouncedKeyword, range]);

  const filters = {
    Status: tab.status,
    Keyword: debouncedKeyword,
    StartDate: range?.[0]?.format('YYYY-MM-DD'),
    EndDate: range?.[1]?.format('YYYY-MM-DD'),
  };
  const list = useOrderList({ pageindex: pageIndex, limit: DEFAULT_PAGE_SIZE, ...filters });

  return {
    tab,
    list,
    keyword,
    setKeyword,
    range,
    setRange,
    pageIndex,
    setPageIndex,
    isFiltered: Boolean(debouncedKeyword || range),
    /** What 导出Excel exports: the orders the list shows, all pages. */
    exportRequest: { ExportExcelType: 'orders', ...filters } satisfies ExportExcelRequest,
    openTab: (key: OrderTabKey) => void navigate(orderPath(site.version, key)),
    openCart: () => void navigate(orderPath(site.version, 'cart')),
    detailHref: (orderId: number) => orderPath(site.version, tab.key, { id: orderId }),
    open: (href: string) => void navigate(href),
  };
}
