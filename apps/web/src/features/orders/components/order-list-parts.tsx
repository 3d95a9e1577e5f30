import type { ReactNode } from 'react';
import { Badge, Button, DatePicker, Input, Tabs } from 'antd';
// antd's date picker takes its month and week names from dayjs's locale.
import '../../../lib/dayjs-zh.ts';
import { OrderStatus } from '@inkstone/contracts';
import type { Order, OrderPage } from '@inkstone/contracts';
import { ProductPicture } from '../../../components/product-picture.tsx';
import { formatDateTime, formatFen } from '../../../lib/format.ts';
import type { OrderTabKey } from '../../../lib/paths.ts';
import type { DateRange } from '../hooks/use-order-list-page.ts';
import { ORDER_TABS } from '../paths.ts';
import type { OrderTab } from '../paths.ts';
import { OrderActions } from './order-actions.tsx';
import { StatusTag } from './status-tag.tsx';

/** The status tabs, each with its number of orders when there are any. */
export function OrderListTabs({
  tab,
  counts,
  onChange,
}: {
  tab: OrderTab;
  counts: OrderPage['Attach']['StatusCounts'] | undefined;
  onChange(key: OrderTabKey): void;
}) {
  return (
    <Tabs
      activeKey={tab.key}
      onChange={(key) => onChange(key as OrderTabKey)}
      items={ORDER_TABS.map((item) => ({
        key: item.key,
        label: (
          <span>
            {item.label}
            {item.count && counts && counts[item.count] > 0 && (
              <Badge
                count={counts[item.count]}
                size="small"
                color={item.key === 'unpaid' ? 'orange' : 'blue'}
                style={{ marginLeft: 4 }}
              />
            )}
          </span>
        ),
      }))}
    />
  );
}

export interface OrderListToolbarProps {
  keyword: string;
  onKeywordChange(keyword: string): void;
  range: DateRange;
  onRangeChange(range: DateRange): void;
  onOpenCart(): void;
  /** More actions at the end (导出Excel). */
  extra?: ReactNode;
}

/** Search, order period, the way to the cart, and `extra`. */
export function OrderListToolbar({
  keyword,
  onKeywordChange,
  range,
  onRangeChange,
  onOpenCart,
  extra,
}: OrderListToolbarProps) {
  return (
    <div className="ink-orders__toolbar">
      <Input.Search
        allowClear
        aria-label="搜索订单"
        placeholder="订单号、商品名称或快递单号"
        value={keyword}
        onChange={(event) => onKeywordChange(event.target.value)}
        style={{ maxWidth: 320 }}
      />
      <DatePicker.RangePicker
        aria-label="下单日期"
        value={range}
        onChange={(value) => onRangeChange(value)}
        placeholder={['开始日期', '结束日期']}
      />
      <Button onClick={onOpenCart}>购物车</Button>
      {extra}
    </div>
  );
}

/** One order of the list: number, time, status, lines, amount paid and its actions. */
export function OrderCard({ order, onOpenDetail }: { order: Order; onOpenDetail(): void }) {
  return (
    <article className="ink-orders__card" data-testid="order-card" aria-label={`订单 ${order.OrderNo}`}>
      <div className="ink-orders__order-head">
        <span>
          订单号 <strong>{order.OrderNo}</strong>
          <span className="ink-orders__muted"> · {formatDateTime(order.CreatedAt)}</span>
        </span>
        <StatusTag order={order} />
      </div>
      {order.Lines.map((line) => (
        <div key={line.Id} className="ink-orders__line" style={{ gridTemplateColumns: '1fr auto' }}>
          <div className="ink-product-line">
            <ProductPicture image={line.ProductImage} title={line.ProductTitle} width={56} />
            <div className="ink-product-line__text">
              <p className="ink-orders__line-title">{line.ProductTitle}</p>
              <p className="ink-orders__spec">
                {line.SpecText} · {line.Quantity}
                {line.Unit}
              </p>
            </div>
          </div>
          <div className="ink-orders__amount">{formatFen(line.AmountFen)}</div>
        </div>
      ))}
      <div className="ink-orders__order-foot">
        <span style={{ marginRight: 'auto' }}>
          {order.Status === OrderStatus.Unpaid ? '应付' : '实付'}{' '}
          <strong className="ink-orders__amount">{formatFen(order.TotalFen)}</strong>
          <span className="ink-orders__muted">（含运费 {formatFen(order.ExpressFen)}）</span>
        </span>
        <OrderActions order={order} extra={<Button onClick={onOpenDetail}>查看详情</Button>} />
      </div>
    </article>
  );
}
