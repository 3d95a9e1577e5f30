import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { OrderStatus } from '@inkstone/contracts';
import type { Order } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { orderPath } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { postServiceOrderPay } from '../../payment/index.ts';
import { customerCancelOrder } from '../api/customer-cancel-order.ts';
import { reorder } from '../api/reorder.ts';

/** 去支付, 取消订单 (before payment) and 再来一单 of one order. */
export function OrderActions({ order, extra }: { order: Order; extra?: React.ReactNode }) {
  const site = useVersionSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'pay' | 'cancel' | 'reorder' | null>(null);
  const isUnpaid = order.Status === OrderStatus.Unpaid;

  async function run(kind: 'pay' | 'cancel' | 'reorder', action: () => Promise<void>) {
    setBusy(kind);
    try {
      await action();
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(null);
    }
  }

  const pay = () =>
    run('pay', async () => {
      const payment = await postServiceOrderPay([order.Id]);
      void navigate(orderPath(site.version, 'pay', { no: payment.PaymentNo }), { state: { payment } });
    });
  const cancel = () =>
    run('cancel', async () => {
      await customerCancelOrder(order.Id);
      feedback.success('订单已取消');
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    });
  const again = () =>
    run('reorder', async () => {
      const result = await reorder(order.Id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      if (result.Skipped.length > 0) {
        feedback.warning(
          `${result.Skipped.map((item) => `「${item.ProductTitle}」${item.Reason}`).join('；')}，未加入购物车`,
        );
      }
      if (result.Added.length > 0) {
        feedback.success(`已将 ${result.Added.length} 件商品按今日价格加入购物车`);
        void navigate(orderPath(site.version, 'cart'));
      }
    });

  return (
    <>
      {extra}
      {isUnpaid && (
        <Popconfirm
          title="确定取消这个订单吗？"
          description="取消后订单不可恢复，已用的优惠券会退回。"
          okText="取消订单"
          cancelText="再想想"
          onConfirm={() => void cancel()}
        >
          <Button loading={busy === 'cancel'}>取消订单</Button>
        </Popconfirm>
      )}
      <Button loading={busy === 'reorder'} onClick={() => void again()}>
        再来一单
      </Button>
      {isUnpaid && (
        <Button type="primary" loading={busy === 'pay'} onClick={() => void pay()}>
          去支付
        </Button>
      )}
    </>
  );
}
