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

/** 支付单已关闭: expired or its orders cancelled; unpaid orders can be paid again. */
export function ClosedResult() {
  const site = useVersionSite();
  const navigate = useNavigate();
  return (
    <div className="ink-orders__card">
      <Result
        status="warning"
        title="支付单已关闭"
        subTitle="支付单已过期或订单已取消。未取消的订单可在「待付款」中重新发起支付。"
        extra={
          <Button type="primary" onClick={() => void navigate(orderPath(site.version, 'unpaid'))}>
            待付款订单
          </Button>
        }
      />
    </div>
  );
}
