import { Alert, Button, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ExportExcelButton } from '../../excel/index.ts';
import { PrintButton } from '../../print/index.ts';
import { AppendDialog } from '../components/append-dialog.tsx';
import { OrderDeliveryCard, OrderGoodsCard, OrderTimelineCard } from '../components/order-detail-cards.tsx';
import { OrderNotices } from '../components/order-notices.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { StatusTag } from '../components/status-tag.tsx';
import { useOrderDetailPage } from '../hooks/use-order-detail-page.ts';
import { appendRights } from '../utils/append-rights.ts';

/** An order's detail (`/user/order/{tab}?id=`): lines, files, address, express, history and actions. */
export function OrderDetailPage({ orderId }: { orderId: number }) {
  const { detail, listHref, isAppending, setIsAppending } = useOrderDetailPage(orderId);
  const back = (
    <Link to={listHref}>
      <ArrowLeftOutlined /> 返回订单列表
    </Link>
  );

  if (detail.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (detail.isError || !detail.data) {
    return (
      <Alert type="error" showIcon title="订单加载失败" description={detail.error?.message} action={back} />
    );
  }
  const order = detail.data;
  const { canFiles, canRemarks } = appendRights(order);

  return (
    <section aria-labelledby="ink-order-title">
      <p style={{ margin: '0 0 8px' }}>{back}</p>
      <h1 className="ink-orders__title" id="ink-order-title">
        订单 {order.OrderNo} <StatusTag order={order} />
      </h1>
      <OrderNotices order={order} />

      <div className="ink-orders__card">
        <div className="ink-orders__order-foot" style={{ borderTop: 0, marginTop: 0, paddingTop: 0 }}>
          <OrderActions
            order={order}
            extra={
              <>
                {(canFiles || canRemarks) && (
                  <Button onClick={() => setIsAppending(true)}>追加文件/备注</Button>
                )}
                <ExportExcelButton request={{ ExportExcelType: 'order_lines', OrderId: order.Id }} />
                <PrintButton request={{ PrintType: 'order', OrderIds: [order.Id] }}>打印订单</PrintButton>
                <PrintButton request={{ PrintType: 'delivery_note', OrderIds: [order.Id] }}>
                  打印送货单
                </PrintButton>
              </>
            }
          />
        </div>
      </div>

      <OrderGoodsCard order={order} />
      <OrderDeliveryCard order={order} />
      <OrderTimelineCard order={order} />
      <AppendDialog order={order} open={isAppending} onClose={() => setIsAppending(false)} />
    </section>
  );
}
