import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import type { StaffOrderDetail } from '@inkstone/contracts';
import { formatDateTime, formatFen, formatWeight } from '../../../lib/format.ts';
import { errorMessage } from '../../lib/staff-api.ts';
import { usePrintOrders } from '../../lib/use-print-orders.ts';
import { statusColour } from './order-actions.ts';
import { OrderActionBar } from './order-action-bar.tsx';
import { OrderLines } from './order-lines.tsx';
import { useOrderDetail } from './use-order-query.ts';

const PAY_STATUS: Record<string, string> = { applied: '用于本单', refunded: '已退回余额' };
const PAY_METHODS: Record<string, string> = { balance: '余额支付', wechat: '微信支付', alipay: '支付宝' };

function Summary({ order }: { order: StaffOrderDetail }) {
  const address = order.Address;
  return (
    <Descriptions bordered size="small" column={2} data-testid="order-summary">
      <Descriptions.Item label="订单号">{order.OrderNo}</Descriptions.Item>
      <Descriptions.Item label="下单时间">{formatDateTime(order.CreatedAt)}</Descriptions.Item>
      <Descriptions.Item label="客户">
        {order.Customer.NickName || order.Customer.Account}（{order.Customer.MobileNo}）
      </Descriptions.Item>
      <Descriptions.Item label="支付">
        {order.PayMethodName || '未支付'}
        {order.PaidAt ? ` · ${formatDateTime(order.PaidAt)}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="收货地址" span={2}>
        {address.Contacts} {address.PhoneNumber} · {address.Province}
        {address.City}
        {address.Region}
        {address.Address}
      </Descriptions.Item>
      <Descriptions.Item label="快递公司">{order.ExpressCompanyName || '—'}</Descriptions.Item>
      <Descriptions.Item label="快递单号">
        {order.IsSelfPickup ? '到店自提，无需运单号' : order.TrackingNo || '发货后填写'}
      </Descriptions.Item>
      <Descriptions.Item label="重量">{formatWeight(order.WeightGrams)}</Descriptions.Item>
      <Descriptions.Item label="优惠券">{order.CouponName || '—'}</Descriptions.Item>
      <Descriptions.Item label="订单备注" span={2}>
        {order.Remarks || '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Money({ order }: { order: StaffOrderDetail }) {
  return (
    <Descriptions size="small" column={5} data-testid="order-money">
      <Descriptions.Item label="商品">{formatFen(order.GoodsFen)}</Descriptions.Item>
      <Descriptions.Item label="运费">{formatFen(order.ExpressFen)}</Descriptions.Item>
      <Descriptions.Item label="优惠">{formatFen(-order.DiscountFen)}</Descriptions.Item>
      <Descriptions.Item label="应付">
        <Typography.Text strong>{formatFen(order.TotalFen)}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="已退款">{formatFen(order.RefundFen)}</Descriptions.Item>
    </Descriptions>
  );
}

function Payments({ order }: { order: StaffOrderDetail }) {
  if (order.Payments.length === 0) return null;
  return (
    <Table
      size="small"
      rowKey="PaymentNo"
      pagination={false}
      dataSource={order.Payments}
      columns={[
        { title: '支付单号', dataIndex: 'PaymentNo' },
        {
          title: '方式',
          dataIndex: 'PayMethod',
          render: (method: string) => PAY_METHODS[method] ?? method,
        },
        { title: '金额', dataIndex: 'AmountFen', render: (fen: number) => formatFen(fen) },
        { title: '付款时间', dataIndex: 'PaidAt', render: (iso: string | null) => formatDateTime(iso) },
        { title: '结果', dataIndex: 'Outcome', render: (outcome: string) => PAY_STATUS[outcome] ?? '未结' },
      ]}
    />
  );
}

function History({ order }: { order: StaffOrderDetail }) {
  return (
    <Timeline
      data-testid="order-history"
      items={[...order.Events].reverse().map((event) => ({
        key: event.Id,
        content: (
          <div>
            <Typography.Text strong>{event.ActionName}</Typography.Text>
            <Typography.Text type="secondary">
              {' '}
              · {event.ActorName || '系统'} · {formatDateTime(event.CreatedAt)}
            </Typography.Text>
            {event.Note ? <div>{event.Note}</div> : null}
          </div>
        ),
      }))}
    />
  );
}

/** 打印订单 and 打印送货单 of one order (any role may print). */
function PrintButtons({ order }: { order: StaffOrderDetail }) {
  const { print, printing } = usePrintOrders();
  return (
    <Space>
      <Button
        loading={printing === 'order'}
        onClick={() => void print({ PrintType: 'order', OrderIds: [order.Id] })}
      >
        打印订单
      </Button>
      <Button
        loading={printing === 'delivery_note'}
        onClick={() => void print({ PrintType: 'delivery_note', OrderIds: [order.Id] })}
      >
        打印送货单
      </Button>
    </Space>
  );
}

/** One order as staff work on it: its state, what may be done next, lines with artwork, money, payments, history. */
export function OrderDrawer({ orderId, onClose }: { orderId: number | null; onClose(): void }) {
  const { data: order, error, isLoading } = useOrderDetail(orderId);
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      size={880}
      destroyOnHidden
      rootClassName="console-order-drawer"
      extra={order ? <PrintButtons order={order} /> : null}
      title={
        order ? (
          <Space wrap>
            <span>订单 {order.OrderNo}</span>
            <Tag color={statusColour(order.Status)} data-testid="order-status">
              {order.StatusName}
            </Tag>
            {order.Status === 2 ? <Tag data-testid="order-review-state">{order.ReviewStateName}</Tag> : null}
          </Space>
        ) : (
          '订单详情'
        )
      }
    >
      {isLoading ? <Skeleton active /> : null}
      {error ? <Alert type="error" showIcon title={errorMessage(error)} /> : null}
      {order ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {order.RejectReason && order.ReviewState === 'rejected' ? (
            <Alert type="warning" showIcon title={`稿件已退回客户：${order.RejectReason}`} />
          ) : null}
          {order.CancelReason ? (
            <Alert type="info" showIcon title={`取消原因：${order.CancelReason}`} />
          ) : null}
          <OrderActionBar order={order} />
          <Summary order={order} />
          <OrderLines order={order} />
          <Money order={order} />
          <Payments order={order} />
          <div>
            <Typography.Title level={5}>订单记录</Typography.Title>
            <History order={order} />
          </div>
        </Space>
      ) : null}
    </Drawer>
  );
}
