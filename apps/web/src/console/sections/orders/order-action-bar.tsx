import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCalls, type StaffCancelReply, type StaffOrderDetail } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import {
  ORDER_ACTIONS,
  availableActions,
  isRefundedOnCancel,
  type OrderActionName,
} from './order-actions.ts';
import { ORDERS_KEY } from './use-order-query.ts';

/** What the dialogs of 退回重传, 发货 and 取消 ask for. */
interface ActionForm {
  Reason?: string;
  ExpressCompanyName?: string;
  TrackingNo?: string;
  Note?: string;
}

type Sent = { action: OrderActionName; form: ActionForm };

/** Where a cancelled order's money went, as the server says it (balance, 微信, 支付宝). */
function refundSummary(refund: StaffCancelReply['Refund']): string {
  if (refund.To === 'none') return '订单已取消';
  const where = { balance: '客户余额', wechat: '微信支付', alipay: '支付宝' }[refund.To];
  return `订单已取消，${formatFen(refund.AmountFen)} 退回${where}（${refund.StatusName}）：${refund.Note}`;
}

function send(order: StaffOrderDetail, { action, form }: Sent): Promise<StaffOrderDetail | StaffCancelReply> {
  const OrderId = order.Id;
  switch (action) {
    case 'approve':
      return staffCall(staffCalls.ApproveArtwork, { OrderId, Note: form.Note ?? '' });
    case 'reject':
      return staffCall(staffCalls.RejectArtwork, { OrderId, Reason: form.Reason ?? '' });
    case 'startProduction':
      return staffCall(staffCalls.StartProduction, { OrderId, Note: form.Note ?? '' });
    case 'ship':
      // 到店自提 ships without a number (the dialog asks for none); the server decides either way.
      return staffCall(staffCalls.ShipOrder, {
        OrderId,
        TrackingNo: order.IsSelfPickup ? '' : (form.TrackingNo ?? ''),
        ExpressCompanyName: form.ExpressCompanyName || null,
        Note: form.Note ?? '',
      });
    case 'complete':
      return staffCall(staffCalls.CompleteOrder, { OrderId, Note: form.Note ?? '' });
    case 'cancel':
      return staffCall(staffCalls.CancelOrder, { OrderId, Reason: form.Reason ?? '' });
  }
}

const DONE: Record<OrderActionName, string> = {
  approve: '审稿通过，订单进入生产',
  reject: '已退回客户重新上传',
  startProduction: '已记录开始生产',
  ship: '已发货',
  complete: '订单已完成',
  cancel: '订单已取消',
};

/**
 * The operations the order's status and the member's roles allow, each a button; those that need
 * more (a reason the customer sees, the courier and tracking number) ask in a dialog. The server
 * decides: a refusal (another member got there first, a role missing) is shown as it says it.
 */
export function OrderActionBar({ order }: { order: StaffOrderDetail }) {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [dialog, setDialog] = useState<OrderActionName | null>(null);
  const [form] = Form.useForm<ActionForm>();
  const mutation = useMutation({
    mutationFn: (sent: Sent) => send(order, sent),
    onSuccess: (updated, sent) => {
      queryClient.setQueryData([...ORDERS_KEY, 'detail', order.Id], updated);
      void queryClient.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
      void message.success(
        'Refund' in updated ? refundSummary(updated.Refund) : DONE[sent.action],
        'Refund' in updated ? 6 : undefined,
      );
      setDialog(null);
    },
    onError: (error) => {
      void message.error(errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });

  const actions = availableActions(order, session?.staff.Roles ?? []);
  if (actions.length === 0) return null;
  const isRefund = isRefundedOnCancel(order);

  const start = (action: OrderActionName) => {
    if (action === 'reject' || action === 'ship' || action === 'cancel') {
      setDialog(action);
      return;
    }
    modal.confirm({
      title: `${ORDER_ACTIONS[action].label}？`,
      content: `订单 ${order.OrderNo}`,
      okText: ORDER_ACTIONS[action].label,
      cancelText: '取消',
      onOk: () => mutation.mutateAsync({ action, form: {} }).catch(() => undefined),
    });
  };

  const label = (action: OrderActionName) =>
    action === 'cancel' && isRefund ? '取消并退款' : ORDER_ACTIONS[action].label;

  return (
    <>
      <Space wrap data-testid="order-actions">
        {actions.map((action) => (
          <Button
            key={action}
            type={action === 'cancel' || action === 'reject' ? 'default' : 'primary'}
            danger={action === 'cancel'}
            loading={mutation.isPending && mutation.variables?.action === action}
            onClick={() => start(action)}
          >
            {label(action)}
          </Button>
        ))}
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog ? `${label(dialog)} · ${order.OrderNo}` : ''}
        okText={
          dialog === 'ship' && order.IsSelfPickup ? '发货并通知客户自提' : dialog ? label(dialog) : '确定'
        }
        cancelText="返回"
        okButtonProps={{ danger: dialog === 'cancel', loading: mutation.isPending }}
        onCancel={() => setDialog(null)}
        onOk={() =>
          void form
            .validateFields()
            .then((values) => mutation.mutate({ action: dialog!, form: values }))
            .catch(() => undefined)
        }
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ ExpressCompanyName: order.ExpressCompanyName }}
        >
          {dialog === 'reject' ? (
            <Form.Item
              name="Reason"
              label="退回原因（客户可见）"
              rules={[{ required: true, whitespace: true, message: '请填写退回原因' }]}
            >
              <Input.TextArea
                rows={3}
                maxLength={500}
                showCount
                placeholder="例如：文件缺少 3mm 出血，请补上后重新上传"
              />
            </Form.Item>
          ) : null}
          {dialog === 'ship' && order.IsSelfPickup ? (
            <>
              <Typography.Paragraph strong>到店自提，无需运单号</Typography.Paragraph>
              <Typography.Paragraph>
                发货后订单变为「已发货」，客户可以到店自提；客户开启了发货短信的，会收到短信通知。
              </Typography.Paragraph>
            </>
          ) : null}
          {dialog === 'ship' && !order.IsSelfPickup ? (
            <>
              <Form.Item
                name="ExpressCompanyName"
                label="快递公司"
                extra="客户下单时所选，可改为实际承运的快递公司"
              >
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item
                name="TrackingNo"
                label="快递单号"
                rules={[
                  { required: true, whitespace: true, message: '请填写快递单号' },
                  { pattern: /^[A-Za-z0-9-]+$/, message: '快递单号只能包含字母、数字和连字符' },
                ]}
              >
                <Input maxLength={40} />
              </Form.Item>
            </>
          ) : null}
          {dialog === 'cancel' ? (
            <>
              <Typography.Paragraph>
                {isRefund
                  ? `订单已付款：取消后 ${formatFen(order.TotalFen)} 全额退款——余额支付的退回余额，微信支付、支付宝付款的原路退回；所用优惠券退回。`
                  : '订单尚未付款：取消后客户不能再支付此订单，所用优惠券退回。'}
              </Typography.Paragraph>
              <Form.Item
                name="Reason"
                label="取消原因（客户可见）"
                rules={[{ required: true, whitespace: true, message: '请填写取消原因' }]}
              >
                <Input.TextArea rows={3} maxLength={200} showCount />
              </Form.Item>
            </>
          ) : null}
        </Form>
      </Modal>
    </>
  );
}
