import type { ReactNode } from 'react';
import { DatePicker, Select } from 'antd';
import { dayjs } from '../../../lib/dayjs-zh.ts';
import type { BillPage } from '@inkstone/contracts';
import { formatDateTime, formatFen, formatSignedFen } from '../../../lib/format.ts';
import { BillMethodTags } from './bill-method-tags.tsx';
import { DEFAULT_PERIOD, PERIOD_PRESETS, periodLabel } from '../utils/bill-period.ts';
import type { BillPeriod, DateRange } from '../utils/bill-period.ts';

export interface BillFiltersProps {
  period: BillPeriod;
  range: DateRange;
  onPeriodChange(period: BillPeriod): void;
  /** At the end of the row (打印对账单). */
  extra?: ReactNode;
}

/** The period: a preset or one month, and the dates it covers. */
export function BillFilters({ period, range, onPeriodChange, extra }: BillFiltersProps) {
  const isMonth = /^\d{4}-\d{2}$/.test(period);
  return (
    <div className="ink-bill__filters">
      <Select<BillPeriod>
        aria-label="账单周期"
        className="ink-bill__period"
        value={isMonth ? undefined : period}
        placeholder={periodLabel(period)}
        onChange={onPeriodChange}
        options={PERIOD_PRESETS.map((item) => ({ value: item.value, label: item.label }))}
      />
      <DatePicker
        picker="month"
        aria-label="按月份查看"
        placeholder="按月份查看"
        allowClear
        value={isMonth ? dayjs(`${period}-01`) : null}
        disabledDate={(date) => date.isAfter(dayjs(), 'month')}
        onChange={(date) => onPeriodChange(date ? (date.format('YYYY-MM') as BillPeriod) : DEFAULT_PERIOD)}
      />
      <span className="ink-bill__range">
        {range.StartDate ? `${range.StartDate} 至 ${range.EndDate}` : '全部时间'}
      </span>
      {extra && <span style={{ marginLeft: 'auto' }}>{extra}</span>}
    </div>
  );
}

/** The period's income, spending and balance change (QR payments leave the balance alone), and the balance now. */
export function BillSums({ period, attach }: { period: BillPeriod; attach: BillPage['Attach'] | undefined }) {
  return (
    <dl className="ink-bill__sums" aria-label="本期汇总">
      <div className="ink-bill__sum">
        <dt>{periodLabel(period)}收入</dt>
        <dd className={attach && attach.IncomeFen > 0 ? 'ink-bill__in' : undefined}>
          {attach ? formatSignedFen(attach.IncomeFen) : '—'}
        </dd>
      </div>
      <div className="ink-bill__sum">
        <dt>支出</dt>
        <dd>{attach ? formatSignedFen(attach.ExpenseFen) : '—'}</dd>
      </div>
      <div className="ink-bill__sum">
        <dt title="扫码付款不经过余额，不计入余额变动">余额变动</dt>
        <dd data-testid="bill-sum">{attach ? formatSignedFen(attach.BalanceChangeFen) : '—'}</dd>
      </div>
      <div className="ink-bill__sum">
        <dt>当前余额</dt>
        <dd data-testid="bill-balance">{attach ? formatFen(attach.BalanceFen) : '—'}</dd>
      </div>
    </dl>
  );
}

/** 账单明细: each money movement with its time, orders or payment, and the balance after it. */
export function BillList({ entries }: { entries: BillPage['List'] }) {
  return (
    <ul className="ink-bill__list" aria-label="账单明细">
      {entries.map((entry) => (
        <li key={entry.Id} className="ink-bill__entry">
          <div className="ink-bill__what">
            <div className="ink-bill__type">
              {entry.TypeName}
              <BillMethodTags entry={entry} />
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
  );
}
