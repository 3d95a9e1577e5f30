import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, DatePicker, Empty, Pagination, Select, Skeleton, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@inkstone/contracts';
import { formatDateTime, formatFen, formatSignedFen } from '../../../lib/format.ts';
import { useCustomerBill, useMonthlySpending } from '../api/query-customer-bill.ts';
import { SpendingChart } from '../components/spending-chart.tsx';
import {
  DEFAULT_PERIOD,
  PERIOD_PRESETS,
  chinaToday,
  lastMonths,
  periodLabel,
  periodRange,
} from '../utils/bill-period.ts';
import type { BillPeriod } from '../utils/bill-period.ts';
import { BILL_TABS, resolveBillTab } from '../utils/bill-tabs.ts';
import { useDebouncedValue } from '../utils/use-debounced-value.ts';
import '../components/bills.css';

const CHART_MONTHS = 6;

/**
 * 我的账单 (/user/bill/{t}): every money movement by type and period (this month by default), ten
 * a page, with the period's sums and the spending of the last six months.
 */
export function Component() {
  const { t } = useParams();
  const { pathname } = useLocation();
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
  const today = chinaToday(now);
  const activeMonth =
    period === 'this-month'
      ? `${today.year}-${String(today.month).padStart(2, '0')}`
      : /^\d{4}-\d{2}$/.test(period)
        ? period
        : undefined;

  const base = pathname.replace(/[^/]+\/?$/, '');
  const attach = bill.data?.Attach;
  const isMonth = /^\d{4}-\d{2}$/.test(period);

  function changePeriod(next: BillPeriod) {
    setPeriod(next);
    setPage(FIRST_PAGE);
  }

  return (
    <div className="ink-bill">
      <h1 className="ink-bill__title">我的账单</h1>
      <Tabs
        activeKey={tab.key}
        onChange={(key) => {
          setPage(FIRST_PAGE);
          void navigate(`${base}${key}`);
        }}
        items={BILL_TABS.map((item) => ({ key: item.key, label: item.label }))}
      />
      <div className="ink-bill__filters">
        <Select<BillPeriod>
          aria-label="账单周期"
          className="ink-bill__period"
          value={isMonth ? undefined : period}
          placeholder={periodLabel(period)}
          onChange={changePeriod}
          options={PERIOD_PRESETS.map((item) => ({ value: item.value, label: item.label }))}
        />
        <DatePicker
          picker="month"
          aria-label="按月份查看"
          placeholder="按月份查看"
          allowClear
          value={isMonth ? dayjs(`${period}-01`) : null}
          disabledDate={(date) => date.isAfter(dayjs(), 'month')}
          onChange={(date) => changePeriod(date ? (date.format('YYYY-MM') as BillPeriod) : DEFAULT_PERIOD)}
        />
        <span className="ink-bill__range">
          {range.StartDate ? `${range.StartDate} 至 ${range.EndDate}` : '全部时间'}
        </span>
      </div>

      <div className="ink-bill__overview">
        <dl className="ink-bill__sums" aria-label="本期汇总">
          <div className="ink-bill__sum">
            <dt>{periodLabel(period)}合计</dt>
            <dd data-testid="bill-sum">{attach ? formatSignedFen(attach.SumAmount) : '—'}</dd>
          </div>
          <div className="ink-bill__sum">
            <dt>收入</dt>
            <dd className={attach && attach.IncomeFen > 0 ? 'ink-bill__in' : undefined}>
              {attach ? formatSignedFen(attach.IncomeFen) : '—'}
            </dd>
          </div>
          <div className="ink-bill__sum">
            <dt>支出</dt>
            <dd>{attach ? formatSignedFen(attach.ExpenseFen) : '—'}</dd>
          </div>
          <div className="ink-bill__sum">
            <dt>当前余额</dt>
            <dd data-testid="bill-balance">{attach ? formatFen(attach.BalanceFen) : '—'}</dd>
          </div>
        </dl>
        <SpendingChart
          months={months}
          values={spending.map((result) => result.data)}
          activeKey={activeMonth}
        />
      </div>

      {bill.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : bill.isError ? (
        <Alert type="error" showIcon title="账单加载失败，请稍后重试" />
      ) : bill.data.List.length === 0 ? (
        <Empty description={`${periodLabel(period)}没有${tab.key === 'all' ? '' : tab.label}记录`} />
      ) : (
        <ul className="ink-bill__list" aria-label="账单明细">
          {bill.data.List.map((entry) => (
            <li key={entry.Id} className="ink-bill__entry">
              <div className="ink-bill__what">
                <div className="ink-bill__type">
                  {entry.TypeName}
                  {entry.PayMethodName && <Tag className="ink-bill__method">{entry.PayMethodName}</Tag>}
                </div>
                <div className="ink-bill__detail">
                  {formatDateTime(entry.CreatedAt)}
                  {entry.OrderNos.length > 0 && ` · 订单 ${entry.OrderNos.join('、')}`}
                  {entry.OrderNos.length === 0 && entry.PaymentNo && ` · 支付单 ${entry.PaymentNo}`}
                </div>
                {entry.Remark && entry.Remark !== entry.TypeName && (
                  <div className="ink-bill__remark">{entry.Remark}</div>
                )}
              </div>
              <div className="ink-bill__money">
                <div className={`ink-bill__amount${entry.AmountFen > 0 ? ' ink-bill__in' : ''}`}>
                  {formatSignedFen(entry.AmountFen)}
                </div>
                <div className="ink-bill__after">余额 {formatFen(entry.BalanceAfterFen)}</div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {bill.data && bill.data.TotalCount > 0 && (
        <Pagination
          className="ink-bill__pager"
          current={bill.data.PageIndex}
          pageSize={DEFAULT_PAGE_SIZE}
          total={bill.data.TotalCount}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 条`}
          onChange={setPage}
        />
      )}
    </div>
  );
}
