import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import type { PayStatus } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { orderPath } from '../../../lib/paths.ts';
import { payMethodLabel } from './pay-notices.tsx';

/** 支付成功: on to the paid order (or the orders under review) or back to ordering. */
export function PaidResult({ pay }: { pay: PayStatus }) {
  const site = useVersionSite();
  const navigate = useNavigate();
  const orderIds = pay.OrderIds;
  const ordersHref =
    orderIds.length === 1
      ? orderPath(site.version, 'all', { id: orderIds[0] })
      : orderPath(site.version, 'reviewing');
  return (
    <div className="ink-orders__card">
      <Result
        status="success"
        title="支付成功"
        subTitle={`已支付 ${formatFen(pay.AmountFen)}（${payMethodLabel(pay.PayMethodName || '已支付', pay.IsSimulated)}），订单进入待审稿，审稿通过后开始生产。`}
        extra={[
          <Button type="primary" key="orders" onClick={() => void navigate(ordersHref)}>
            查看订单
          </Button>,
          <Button key="more" onClick={() => void navigate(site.workspace)}>
            继续下单
          </Button>,
        ]}
      />
    </div>
  );
}

/** What a closed payment says, by why it was closed. */
export function closedTexts(reason: PayStatus['CloseReason']): { title: string; detail: string } {
  switch (reason) {
    case 'declined':
      return {
        title: '已取消支付',
        detail: '您在支付页取消了这次支付，订单仍待付款，可在「待付款」中重新发起支付。',
      };
    case 'expired':
      return { title: '支付单已过期', detail: '已过支付期限，未付款的订单已自动取消或即将取消。' };
    case 'order_cancelled':
      return { title: '订单已取消', detail: '这笔支付包含的订单已取消，支付单随之关闭，未扣任何款项。' };
    default:
      return {
        title: '支付单已关闭',
        detail: '这笔支付已不能继续。仍待付款的订单可在「待付款」中重新发起支付。',
      };
  }
}

/** 支付单已关闭: says why (declined, expired or its orders cancelled) and leads to the unpaid orders. */
export function ClosedResult({ pay }: { pay: PayStatus }) {
  const site = useVersionSite();
  const navigate = useNavigate();
  const texts = closedTexts(pay.CloseReason);
  return (
    <div className="ink-orders__card">
      <Result
        status="warning"
        title={texts.title}
        subTitle={texts.detail}
        extra={
          <Button type="primary" onClick={() => void navigate(orderPath(site.version, 'unpaid'))}>
            待付款订单
          </Button>
        }
      />
    </div>
  );
}
