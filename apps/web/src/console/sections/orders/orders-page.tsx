import { useState } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  DatePicker,
  Input,
  Radio,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ORDER_STATUS_NAMES,
  BATCH_ORDER_ACTION_MAX,
  PRINT_MAX_ORDERS,
  mayMakeStaffCall,
  staffCalls,
  type BatchOrderActionResult,
  type OrderStatus,
  type StaffExportOrdersBody,
  type StaffOrder,
} from '@inkstone/contracts';
import { formatDateTime, formatFen } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { useExportOrders } from '../../lib/use-export-orders.ts';
import { usePrintOrders } from '../../lib/use-print-orders.ts';
import { useStaffSession } from '../../lib/use-staff-session.ts';
import { statusColour } from './order-actions.ts';
import { OrderDrawer } from './order-drawer.tsx';
import { batchActionsFor, batchOutcome, type BatchAction } from './batch-actions.ts';
import { BatchShipDialog } from './batch-ship-dialog.tsx';
import {
  ORDERS_KEY,
  ORDERS_PAGE_SIZE,
  productionOf,
  reviewStateOf,
  useOrderListState,
  useOrderPage,
} from './use-order-query.ts';

/** The status tabs and the StatusCounts field of each. */
const TABS: { status: number; countKey?: keyof StatusCounts }[] = [
  { status: 0 },
  { status: 1, countKey: 'Unpaid' },
  { status: 2, countKey: 'Reviewing' },
  { status: 3, countKey: 'Producing' },
  { status: 4, countKey: 'Shipped' },
  { status: 5, countKey: 'Completed' },
  { status: 9, countKey: 'Cancelled' },
];
type StatusCounts = NonNullable<ReturnType<typeof useOrderPage>['data']>['Attach']['StatusCounts'];

const columns: ColumnsType<StaffOrder> = [
  {
    title: '订单号',
    dataIndex: 'OrderNo',
    render: (orderNo: string) => <Typography.Link>{orderNo}</Typography.Link>,
  },
  {
    title: '客户',
    key: 'customer',
    render: (_value, order) => (
      <div>
        <div>{order.Customer.NickName || order.Customer.Account}</div>
        <Typography.Text type="secondary">{order.Customer.MobileNo}</Typography.Text>
      </div>
    ),
  },
  {
    title: '商品',
    key: 'lines',
    render: (_value, order) =>
      order.Lines.map((line) => (
        <div key={line.Id}>
          {line.ProductTitle} × {line.Quantity}
          {line.Unit}
        </div>
      )),
  },
  { title: '应付', dataIndex: 'TotalFen', align: 'right', render: (fen: number) => formatFen(fen) },
  {
    title: '状态',
    key: 'status',
    render: (_value, order) => (
      <Space size={4} wrap>
        <Tag color={statusColour(order.Status)}>{order.StatusName}</Tag>
        {order.Status === 2 ? <Tag>{order.ReviewStateName}</Tag> : null}
      </Space>
    ),
  },
  { title: '下单时间', dataIndex: 'CreatedAt', render: (iso: string) => formatDateTime(iso) },
];

/** 订单: the merchant's orders by status tab with counts, search, period and pages; a row opens the order. */
export function Component() {
  const { filters, setFilters, openId, openOrder } = useOrderListState();
  const { data, error, isFetching } = useOrderPage(filters);
  const counts = data?.Attach.StatusCounts;
  const [selected, setSelected] = useState<number[]>([]);
  const { print, printing } = usePrintOrders();
  const { exportOrders, isExporting } = useExportOrders();
  const session = useStaffSession();
  const mayExport = mayMakeStaffCall(session?.staff.Roles ?? [], 'ExportOrders');
  const batchActions = batchActionsFor(session?.staff.Roles ?? []);
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const mayBatchShip = mayMakeStaffCall(session?.staff.Roles ?? [], 'BatchShipOrders');
  const [shipping, setShipping] = useState<number[] | null>(null);
  // Each ticked order is stepped on its own by the server; the result lists every order.
  const showBatchResult = (result: BatchOrderActionResult) => {
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    const outcome = batchOutcome(result);
    if (result.RefusedCount === 0) setSelected([]);
    else setSelected(result.Results.filter((item) => !item.Done).map((item) => item.OrderId));
    modal[result.RefusedCount === 0 ? 'success' : 'warning']({
      title: outcome.title,
      width: 560,
      content: (
        <ul data-testid="batch-result" style={{ paddingInlineStart: 18, margin: 0 }}>
          {outcome.lines.map((line) => (
            <li key={line.key}>
              <Typography.Text strong>{line.order}</Typography.Text>：
              <Typography.Text type={line.done ? 'success' : 'danger'}>{line.text}</Typography.Text>
            </li>
          ))}
        </ul>
      ),
    });
  };
  const batch = useMutation({
    mutationFn: (action: BatchAction) => staffCall(staffCalls[action.call], { OrderIds: selected }),
    onSuccess: showBatchResult,
    onError: (error) => modal.error({ title: '批量操作失败', content: errorMessage(error) }),
  });

  return (
    <Card
      title="订单"
      extra={
        mayExport ? (
          <Button
            loading={isExporting}
            onClick={() =>
              void exportOrders({
                Status: filters.status as StaffExportOrdersBody['Status'],
                Keyword: filters.keyword,
                Customer: filters.customer,
                StartDate: filters.startDate || null,
                EndDate: filters.endDate || null,
                ReviewState: reviewStateOf(filters),
                Production: productionOf(filters),
              })
            }
          >
            导出Excel
          </Button>
        ) : null
      }
    >
      <Tabs
        activeKey={String(filters.status)}
        onChange={(key) => setFilters({ status: Number(key), review: '', production: '' })}
        items={TABS.map((tab) => ({
          key: String(tab.status),
          label: (
            <span data-testid={`orders-tab-${tab.status}`}>
              {tab.status === 0 ? '全部' : ORDER_STATUS_NAMES[tab.status as OrderStatus]}
              {tab.countKey && counts ? (
                <Badge
                  count={counts[tab.countKey]}
                  showZero
                  overflowCount={9999}
                  color={counts[tab.countKey] > 0 ? undefined : '#d9d9d9'}
                  style={{ marginInlineStart: 6 }}
                />
              ) : null}
            </span>
          ),
        }))}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        {filters.status === 2 ? (
          <Radio.Group
            aria-label="审稿状态"
            optionType="button"
            value={filters.review}
            onChange={(event) => setFilters({ review: String(event.target.value) })}
            options={[
              { value: '', label: '全部' },
              { value: 'pending', label: '待审核' },
              { value: 'rejected', label: '稿件退回' },
            ]}
          />
        ) : null}
        {filters.status === 3 ? (
          <Radio.Group
            aria-label="生产状态"
            optionType="button"
            value={filters.production}
            onChange={(event) => setFilters({ production: String(event.target.value) })}
            options={[
              { value: '', label: '全部' },
              { value: 'not_started', label: '待开始生产' },
              { value: 'started', label: '已开始' },
            ]}
          />
        ) : null}
        <Input.Search
          key={`q-${filters.keyword}`}
          aria-label="订单号、商品或快递单号"
          placeholder="订单号、商品或快递单号"
          defaultValue={filters.keyword}
          allowClear
          maxLength={64}
          style={{ width: 240 }}
          onSearch={(value) => setFilters({ keyword: value.trim() })}
        />
        <Input.Search
          key={`c-${filters.customer}`}
          aria-label="客户手机号、账号或昵称"
          placeholder="客户手机号、账号或昵称"
          defaultValue={filters.customer}
          allowClear
          maxLength={64}
          style={{ width: 220 }}
          onSearch={(value) => setFilters({ customer: value.trim() })}
        />
        <DatePicker.RangePicker
          aria-label="下单日期"
          value={[
            filters.startDate ? dayjs(filters.startDate) : null,
            filters.endDate ? dayjs(filters.endDate) : null,
          ]}
          onChange={(range) =>
            setFilters({
              startDate: range?.[0]?.format('YYYY-MM-DD') ?? '',
              endDate: range?.[1]?.format('YYYY-MM-DD') ?? '',
            })
          }
        />
      </Space>
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />
      ) : null}
      {selected.length > 0 ? (
        <Space wrap style={{ marginBottom: 12 }} data-testid="orders-batch">
          <span>已选 {selected.length} 个订单</span>
          <Button
            loading={printing === 'order'}
            onClick={() => void print({ PrintType: 'order', OrderIds: selected })}
          >
            打印订单
          </Button>
          <Button
            loading={printing === 'delivery_note'}
            onClick={() => void print({ PrintType: 'delivery_note', OrderIds: selected })}
          >
            打印送货单
          </Button>
          {batchActions.map((action) => (
            <Button
              key={action.call}
              loading={batch.isPending && batch.variables?.call === action.call}
              disabled={batch.isPending || selected.length > BATCH_ORDER_ACTION_MAX}
              onClick={() =>
                modal.confirm({
                  title: action.label,
                  content: action.confirm(selected.length),
                  okText: '确定',
                  cancelText: '取消',
                  onOk: () => batch.mutate(action),
                })
              }
            >
              {action.label}
            </Button>
          ))}
          {mayBatchShip ? (
            <Button
              disabled={batch.isPending || selected.length > BATCH_ORDER_ACTION_MAX}
              onClick={() => setShipping(selected)}
            >
              批量发货
            </Button>
          ) : null}
          <Button type="link" onClick={() => setSelected([])}>
            取消选择
          </Button>
        </Space>
      ) : null}
      <Table<StaffOrder>
        rowKey="Id"
        size="middle"
        columns={columns}
        dataSource={data?.List ?? []}
        loading={isFetching}
        onRow={(order) => ({
          // A click on the row opens the order; one on its checkbox only selects it.
          onClick: (event) => {
            if (!(event.target as HTMLElement).closest('.ant-table-selection-column')) openOrder(order.Id);
          },
          style: { cursor: 'pointer' },
        })}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number).slice(0, PRINT_MAX_ORDERS)),
          getCheckboxProps: (order) => ({ 'aria-label': `选择订单 ${order.OrderNo}` }),
        }}
        locale={{ emptyText: '没有符合条件的订单' }}
        pagination={{
          current: filters.page,
          pageSize: ORDERS_PAGE_SIZE,
          total: data?.TotalCount ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个订单，合计 ${formatFen(data?.Attach.SumAmount ?? 0)}`,
          onChange: (page) => setFilters({ page }),
        }}
      />
      <OrderDrawer orderId={openId} onClose={() => openOrder(null)} />
      <BatchShipDialog
        orderIds={shipping}
        onClose={() => setShipping(null)}
        onDone={(result) => {
          setShipping(null);
          showBatchResult(result);
        }}
      />
    </Card>
  );
}
