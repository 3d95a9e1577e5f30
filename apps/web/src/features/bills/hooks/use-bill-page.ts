import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@inkstone/contracts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { userPath } from '../../../lib/paths.ts';
import { useCustomerBill, useMonthlySpending } from '../api/query-customer-bill.ts';
import { DEFAULT_PERIOD, chinaToday, lastMonths, periodRange } from '../utils/bill-period.ts';
import type { BillPeriod } from '../utils/bill-period.ts';
import { resolveBillTab } from '../utils/bill-tabs.ts';

const CHART_MONTHS = 6;

/** The month the chart highlights: this month, the month chosen, or none for a longer period. */
function activeMonthOf(period: BillPeriod, now: Date): string | undefined {
  if (period === 'this-month') {
    const today = chinaToday(now);
    return `${today.year}-${String(today.month).padStart(2, '0')}`;
  }
  return /^\d{4}-\d{2}$/.test(period) ? period : undefined;
}

/** 我的账单's state: the tab (type), period and page, the page of the bill and six months' spending. */
export function useBillPage() {
  const { t } = useParams();
  const { version } = useVersionSite();
  const navigate = useNavigate();
  const tab = resolveBillTab(t);
  const [period, setPeriod] = useState<BillPeriod>(DEFAULT_PERIOD);
  const [page, setPage] = useState<number>(FIRST_PAGE);
  const now = useMemo(() => new Date(), []);
  const range = useMemo(() => periodRange(period, now), [period, now]);
  const params = useDebouncedValue(
    useMemo(
      () => ({ pageindex: page, limit: DEFAULT_PAGE_SIZE, Type: tab.type, ...range }),
      [page, tab.type, range],
    ),
  );
  const bill = useCustomerBill(params);
  const months = useMemo(() => lastMonths(now, CHART_MONTHS), [now]);
  const spending = useMonthlySpending(months);

  function changePeriod(next: BillPeriod) {
    setPeriod(next);
    setPage(FIRST_PAGE);
  }

  function changeTab(key: string) {
    setPage(FIRST_PAGE);
    void navigate(userPath(version, 'bill', key));
  }

  return {
    tab,
    period,
    range,
    bill,
    months,
    spending,
    activeMonth: activeMonthOf(period, now),
    setPage,
    changePeriod,
    changeTab,
  };
}
