import { Suspense, lazy } from 'react';
import { Skeleton } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { loadChunk } from '../../lib/chunk-load.ts';
import { orderFlowPageOf } from '../../lib/paths.ts';
import '../../features/orders/components/orders.css';

// The screens of the order route belong to four features; each is a chunk of its own, loaded
// when first shown.
const CartPage = lazy(() =>
  loadChunk(() => import('../../features/cart/pages/cart-page.tsx')).then((module) => ({
    default: module.CartPage,
  })),
);
const CheckoutPage = lazy(() =>
  loadChunk(() => import('../../features/checkout/pages/checkout-page.tsx')).then((module) => ({
    default: module.CheckoutPage,
  })),
);
const PaymentPage = lazy(() =>
  loadChunk(() => import('../../features/payment/pages/payment-page.tsx')).then((module) => ({
    default: module.PaymentPage,
  })),
);
const OrderListPage = lazy(() =>
  loadChunk(() => import('../../features/orders/pages/order-list-page.tsx')).then((module) => ({
    default: module.OrderListPage,
  })),
);
const OrderDetailPage = lazy(() =>
  loadChunk(() => import('../../features/orders/pages/order-detail-page.tsx')).then((module) => ({
    default: module.OrderDetailPage,
  })),
);

/**
 * 我的订单 (spec §2 `/user/order/{t}`, `/user-v2…v4/order/{t}`): `t` is `cart` (购物车), `checkout`
 * (`?ids=` cart lines), `pay` (`?no=` payment number) or a status tab of the list (`all`,
 * `unpaid`, …; `1` is 全部); `?id=` on a tab shows that order. Each screen is its own chunk.
 */
export function Component() {
  const { t } = useParams();
  const [search] = useSearchParams();
  const page = orderFlowPageOf(t);
  const orderId = Number(search.get('id'));

  let content;
  if (page === null) {
    const isDetail = Number.isInteger(orderId) && orderId > 0;
    content = isDetail ? <OrderDetailPage key={orderId} orderId={orderId} /> : <OrderListPage />;
  } else if (page === 'cart') {
    content = <CartPage />;
  } else if (page === 'checkout') {
    content = <CheckoutPage />;
  } else {
    content = <PaymentPage />;
  }

  return (
    <div className="ink-orders">
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>{content}</Suspense>
    </div>
  );
}
