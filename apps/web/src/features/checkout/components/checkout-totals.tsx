import { Alert, Button, Spin } from 'antd';
import { Link } from 'react-router';
import type { OrderPreview } from '@inkstone/contracts';
import { formatDeliveryAddress, formatFen } from '../../../lib/format.ts';

export interface CheckoutTotalsProps {
  isFetching: boolean;
  /** Why the preview failed. */
  error: Error | null;
  /** Address and express company are chosen: there is something to preview. */
  canPreview: boolean;
  totals: OrderPreview | null | undefined;
}

/** 金额明细: the server's itemised totals (PreviewOrder), or why there are none. */
export function CheckoutTotals({ isFetching, error, canPreview, totals }: CheckoutTotalsProps) {
  return (
    <div className="ink-orders__card" aria-label="金额明细" role="group">
      <h2 className="ink-orders__card-title">金额明细 {isFetching && <Spin size="small" />}</h2>
      {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 8 }} />}
      {!canPreview && <Alert type="info" showIcon title="请选择收货地址和配送方式" />}
      {totals && (
        <dl className="ink-orders__totals">
          <dt>商品金额</dt>
          <dd>{formatFen(totals.GoodsFen)}</dd>
          <dt>运费</dt>
          <dd>{formatFen(totals.ExpressFen)}</dd>
          <dt>优惠{totals.CouponName ? `（${totals.CouponName}）` : ''}</dt>
          <dd>-{formatFen(totals.DiscountFen)}</dd>
        </dl>
      )}
      {totals && totals.Orders.length > 1 && <SplitOrders orders={totals.Orders} />}
    </div>
  );
}

/** The orders one checkout becomes when lines carry their own addresses: one per address. */
function SplitOrders({ orders }: { orders: OrderPreview['Orders'] }) {
  return (
    <div data-testid="split-orders" style={{ marginTop: 8 }}>
      <p className="ink-orders__muted">按收货地址分成 {orders.length} 个订单，分别发货、一起支付：</p>
      <ol style={{ margin: 0, paddingLeft: 20 }}>
        {orders.map((order) => (
          <li key={order.CartIds.join(',')} data-testid="split-order">
            {formatDeliveryAddress(order.Address)} · {order.CartIds.length} 件商品 · 运费{' '}
            {formatFen(order.ExpressFen)} · 应付 {formatFen(order.TotalFen)}
          </li>
        ))}
      </ol>
    </div>
  );
}

export interface CheckoutBarProps {
  cartHref: string;
  totals: OrderPreview | null | undefined;
  disabled: boolean;
  isSubmitting: boolean;
  onSubmit(): void;
}

/** The bar under checkout: 返回购物车, 应付 and 提交订单. */
export function CheckoutBar({ cartHref, totals, disabled, isSubmitting, onSubmit }: CheckoutBarProps) {
  return (
    <div className="ink-orders__bar">
      <Link to={cartHref}>返回购物车</Link>
      <div className="ink-orders__bar-sum">
        <span>应付</span>
        <strong className="ink-orders__amount ink-orders__amount--big" data-testid="checkout-total">
          {totals ? formatFen(totals.TotalFen) : '—'}
        </strong>
      </div>
      <Button type="primary" size="large" disabled={disabled} loading={isSubmitting} onClick={onSubmit}>
        提交订单
      </Button>
    </div>
  );
}
