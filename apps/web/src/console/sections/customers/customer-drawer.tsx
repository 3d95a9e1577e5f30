import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  mayMakeStaffCall,
  staffCalls,
  type BillEntry,
  type Order,
  type StaffCustomerDetail,
} from '@inkstone/contracts';
import { formatDateTime, formatFen, formatSignedFen } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { statusColour } from '../orders/order-actions.ts';
import { adjustmentFen } from './adjustment.ts';
import { CUSTOMERS_KEY, LEDGER_PAGE_SIZE, useCustomerDetail } from './use-customer-query.ts';

type Customer = StaffCustomerDetail['Customer'];

function Profile({ customer }: { customer: Customer }) {
  return (
    <Descriptions bordered size="small" column={2} data-testid="customer-profile">
      <Descriptions.Item label="昵称">{customer.NickName || '—'}</Descriptions.Item>
      <Descriptions.Item label="账号">{customer.Account}</Descriptions.Item>
      <Descriptions.Item label="手机号">{customer.MobileNo}</Descriptions.Item>
      <Descriptions.Item label="状态">
        {customer.IsActive ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label="注册时间">{formatDateTime(customer.CreatedAt)}</Descriptions.Item>
      <Descriptions.Item label="上次登录">{formatDateTime(customer.LastLoginAt) || '—'}</Descriptions.Item>
      <Descriptions.Item label="余额">
        <Typography.Text strong data-testid="customer-balance">
          {formatFen(customer.BalanceFen)}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="订单 / 消费">
        {customer.OrderCount} 个订单，消费 {formatFen(customer.SpentFen)}
      </Descriptions.Item>
      {customer.StatusChange ? (
        <Descriptions.Item label={customer.IsActive ? '启用原因' : '停用原因'} span={2}>
          {customer.StatusChange.Reason}（{customer.StatusChange.ChangedBy}，
          {formatDateTime(customer.StatusChange.ChangedAt)}）
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

const ledgerColumns = [
  { title: '时间', dataIndex: 'CreatedAt', render: (iso: string) => formatDateTime(iso) },
  { title: '类型', dataIndex: 'TypeName' },
  {
    title: '金额',
    dataIndex: 'AmountFen',
    align: 'right' as const,
    render: (fen: number) => formatSignedFen(fen),
  },
  {
    title: '余额',
    dataIndex: 'BalanceAfterFen',
    align: 'right' as const,
    render: (fen: number) => formatFen(fen),
  },
  {
    title: '说明',
    key: 'remark',
    render: (_value: unknown, entry: BillEntry) =>
      [entry.OrderNos.join('、'), entry.Remark].filter(Boolean).join(' · ') || '—',
  },
];

const orderColumns = [
  {
    title: '订单号',
    dataIndex: 'OrderNo',
    render: (orderNo: string, order: Order) => <Link to={`/orders?id=${order.Id}`}>{orderNo}</Link>,
  },
  { title: '应付', dataIndex: 'TotalFen', align: 'right' as const, render: (fen: number) => formatFen(fen) },
  {
    title: '状态',
    key: 'status',
    render: (_value: unknown, order: Order) => (
      <Tag color={statusColour(order.Status)}>{order.StatusName}</Tag>
    ),
  },
  { title: '下单时间', dataIndex: 'CreatedAt', render: (iso: string) => formatDateTime(iso) },
];

interface AdjustForm {
  Direction: 'credit' | 'debit';
  Yuan: number;
  Remark: string;
}

/** 调整余额 (财务, 管理员): an amount in yuan added or taken, with the reason the customer sees. */
function AdjustBalanceButton({ customer }: { customer: Customer }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AdjustForm>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const mutation = useMutation({
    mutationFn: (values: AdjustForm) =>
      staffCall(staffCalls.AdjustBalance, {
        CustomerId: customer.Id,
        AmountFen: adjustmentFen(values.Direction, values.Yuan),
        Remark: values.Remark.trim(),
      }),
    onSuccess: (result) => {
      void message.success(`余额已调整，当前余额 ${formatFen(result.BalanceFen)}`);
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      setOpen(false);
    },
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>调整余额</Button>
      <Modal
        open={open}
        title={`调整余额 · ${customer.NickName || customer.Account}`}
        okText="确认调整"
        cancelText="返回"
        okButtonProps={{ loading: mutation.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() =>
          void form
            .validateFields()
            .then((values) => mutation.mutate(values))
            .catch(() => undefined)
        }
        afterClose={() => mutation.reset()}
        destroyOnHidden
      >
        <Typography.Paragraph>
          当前余额 {formatFen(customer.BalanceFen)}；扣减后不能低于 0。
        </Typography.Paragraph>
        {mutation.error ? (
          <Alert type="error" showIcon title={errorMessage(mutation.error)} style={{ marginBottom: 16 }} />
        ) : null}
        <Form form={form} layout="vertical" preserve={false} initialValues={{ Direction: 'credit' }}>
          <Form.Item name="Direction" label="方向">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'credit', label: '增加' },
                { value: 'debit', label: '扣减' },
              ]}
            />
          </Form.Item>
          <Form.Item name="Yuan" label="金额（元）" rules={[{ required: true, message: '请填写金额' }]}>
            <InputNumber
              aria-label="金额（元）"
              min={0.01}
              max={100000}
              precision={2}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item
            name="Remark"
            label="调整原因（客户可见）"
            rules={[{ required: true, whitespace: true, message: '请填写调整原因' }]}
          >
            <Input.TextArea aria-label="调整原因" rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 停用 / 启用 (管理员), with the reason and a confirmation; 停用 signs the customer out everywhere. */
function StatusButton({ customer }: { customer: Customer }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ Reason: string }>();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const enabling = !customer.IsActive;
  const label = enabling ? '启用' : '停用';
  const mutation = useMutation({
    mutationFn: (reason: string) =>
      staffCall(staffCalls.SetCustomerEnabled, {
        CustomerId: customer.Id,
        Enabled: enabling,
        Reason: reason,
      }),
    onSuccess: () => {
      void message.success(enabling ? '账号已启用' : '账号已停用');
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      setOpen(false);
    },
  });
  return (
    <>
      <Button danger={!enabling} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        title={`${label}账号 · ${customer.NickName || customer.Account}`}
        okText={`确认${label}`}
        cancelText="返回"
        okButtonProps={{ danger: !enabling, loading: mutation.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() =>
          void form
            .validateFields()
            .then((values) => mutation.mutate(values.Reason.trim()))
            .catch(() => undefined)
        }
        afterClose={() => mutation.reset()}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {enabling
            ? '启用后客户可以重新登录。'
            : '停用后客户不能登录，已登录的页面立即退出；余额和订单保留，可随时启用。'}
        </Typography.Paragraph>
        {mutation.error ? (
          <Alert type="error" showIcon title={errorMessage(mutation.error)} style={{ marginBottom: 16 }} />
        ) : null}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="Reason"
            label={`${label}原因`}
            rules={[{ required: true, whitespace: true, message: `请填写${label}原因` }]}
          >
            <Input.TextArea aria-label={`${label}原因`} rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** One customer: profile and balance, the ledger paged, the latest orders, and what the role may do. */
export function CustomerDrawer({ customerId, onClose }: { customerId: number | null; onClose: () => void }) {
  const [ledgerPage, setLedgerPage] = useState(1);
  const { data, error, isLoading } = useCustomerDetail(customerId, ledgerPage);
  const roles = useStaffSession()?.staff.Roles ?? [];
  const customer = data?.Customer;
  return (
    <Drawer
      open={customerId !== null}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) setLedgerPage(1);
      }}
      size={880}
      title={customer ? `客户 ${customer.NickName || customer.Account}` : '客户'}
      extra={
        customer ? (
          <Space>
            {mayMakeStaffCall(roles, 'AdjustBalance') ? <AdjustBalanceButton customer={customer} /> : null}
            {mayMakeStaffCall(roles, 'SetCustomerEnabled') ? <StatusButton customer={customer} /> : null}
          </Space>
        ) : null
      }
    >
      {error ? <Alert type="error" showIcon title={errorMessage(error)} /> : null}
      {isLoading ? <Skeleton active /> : null}
      {data && customer ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Profile customer={customer} />
          <div>
            <Typography.Title level={5}>账单</Typography.Title>
            <Table<BillEntry>
              rowKey="Id"
              size="small"
              data-testid="customer-ledger"
              columns={ledgerColumns}
              dataSource={data.Ledger.List}
              locale={{ emptyText: '还没有账单' }}
              pagination={{
                current: ledgerPage,
                pageSize: LEDGER_PAGE_SIZE,
                total: data.Ledger.TotalCount,
                showSizeChanger: false,
                showTotal: (total) => `共 ${total} 条`,
                onChange: setLedgerPage,
              }}
            />
          </div>
          <div>
            <Typography.Title level={5}>最近订单</Typography.Title>
            <Table<Order>
              rowKey="Id"
              size="small"
              data-testid="customer-orders"
              columns={orderColumns}
              dataSource={data.Orders}
              pagination={false}
              locale={{ emptyText: '还没有订单' }}
            />
            {customer.OrderCount > data.Orders.length ? (
              <Link to={`/orders?customer=${encodeURIComponent(customer.MobileNo)}`}>
                全部 {customer.OrderCount} 个订单
              </Link>
            ) : null}
          </div>
        </Space>
      ) : null}
    </Drawer>
  );
}
