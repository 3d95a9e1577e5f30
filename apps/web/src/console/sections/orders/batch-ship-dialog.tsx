import { useState } from 'react';
import { Alert, Button, Collapse, Input, Modal, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  TRACKING_NO_MAX_LENGTH,
  staffCalls,
  type BatchOrderActionResult,
  type BatchShipForm,
  type BatchShipFormOrder,
} from '@inkstone/contracts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { parseTrackingPaste, validateShipRows, type UnmatchedLine } from './batch-ship.ts';
import { ORDERS_KEY } from './use-order-query.ts';

/** What the packer typed for an order: the carrier and the tracking number. */
interface Entry {
  company: string;
  trackingNo: string;
}

/**
 * 批量发货: the ticked orders, each with a carrier (the customer's choice by default; 全部设为 sets
 * them all) and its own tracking number, typed or pasted as two columns copied from the express
 * company's software. Every row is checked before anything is sent; the server then ships each
 * order on its own and the board shows its answer (onDone).
 */
export function BatchShipDialog({
  orderIds,
  onClose,
  onDone,
}: {
  /** The ticked orders; the dialog is open while there are some. */
  orderIds: number[] | null;
  onClose: () => void;
  onDone: (result: BatchOrderActionResult) => void;
}) {
  const open = orderIds !== null && orderIds.length > 0;
  const form = useQuery({
    queryKey: [...ORDERS_KEY, 'ship-form', orderIds],
    queryFn: () => staffCall(staffCalls.BatchShipForm, { OrderIds: orderIds! }),
    enabled: open,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return (
    <Modal
      open={open}
      title={`批量发货（${form.data?.Orders.filter((order) => order.CanShip).length ?? orderIds?.length ?? 0} 个订单）`}
      width={1080}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {form.error ? <Alert type="error" showIcon title={errorMessage(form.error)} /> : null}
      {form.isPending && !form.error ? <Skeleton active /> : null}
      {form.data ? (
        <ShipForm key={form.dataUpdatedAt} form={form.data} onClose={onClose} onDone={onDone} />
      ) : null}
    </Modal>
  );
}

/** The rows of one batch: what the packer types starts from the customers' own carriers. */
function ShipForm({
  form,
  onClose,
  onDone,
}: {
  form: BatchShipForm;
  onClose: () => void;
  onDone: (result: BatchOrderActionResult) => void;
}) {
  const orders = form.Orders;
  const shippable = orders.filter((order) => order.CanShip);
  const refused = orders.filter((order) => !order.CanShip);
  const carriers = form.Carriers;
  const [entries, setEntries] = useState<Record<number, Entry>>(() =>
    Object.fromEntries(
      orders.map((order) => [order.Id, { company: order.ExpressCompanyName, trackingNo: '' }]),
    ),
  );
  const [problems, setProblems] = useState<Map<number, string>>(new Map());
  const [paste, setPaste] = useState('');
  const [pasteReport, setPasteReport] = useState<{ filled: number; unmatched: UnmatchedLine[] } | null>(null);
  const [allCompany, setAllCompany] = useState<string | undefined>(undefined);

  const ship = useMutation({
    mutationFn: () =>
      staffCall(staffCalls.BatchShipOrders, {
        Items: shippable.map((order) => {
          const entry = entries[order.Id]!;
          return {
            OrderId: order.Id,
            TrackingNo: entry.trackingNo.trim(),
            ExpressCompanyName:
              order.IsSelfPickup || entry.company === order.ExpressCompanyName ? null : entry.company,
          };
        }),
      }),
    onSuccess: onDone,
  });

  const rowsOf = (current: Record<number, Entry>) =>
    shippable.map((order) => ({
      orderId: order.Id,
      orderNo: order.OrderNo,
      isSelfPickup: order.IsSelfPickup,
      trackingNo: current[order.Id]?.trackingNo ?? '',
    }));

  const update = (orderId: number, change: Partial<Entry>) => {
    const next = { ...entries, [orderId]: { ...entries[orderId]!, ...change } };
    setEntries(next);
    // Once checked, the marks follow the typing.
    if (problems.size > 0) setProblems(validateShipRows(rowsOf(next)));
  };

  const fillFromPaste = () => {
    const result = parseTrackingPaste(
      paste,
      shippable.map((order) => order.OrderNo),
    );
    const next = { ...entries };
    for (const order of shippable) {
      const trackingNo = result.numbers.get(order.OrderNo);
      if (trackingNo !== undefined) next[order.Id] = { ...next[order.Id]!, trackingNo };
    }
    setEntries(next);
    setPasteReport({ filled: result.numbers.size, unmatched: result.unmatched });
    if (problems.size > 0) setProblems(validateShipRows(rowsOf(next)));
  };

  const submit = () => {
    const found = validateShipRows(rowsOf(entries));
    setProblems(found);
    if (found.size === 0 && shippable.length > 0) ship.mutate();
  };

  const columns: ColumnsType<BatchShipFormOrder> = [
    { title: '订单号', dataIndex: 'OrderNo', width: 190 },
    {
      title: '客户',
      key: 'customer',
      width: 130,
      render: (_value, order) => (
        <div>
          <div>{order.Customer.NickName || order.Customer.Account}</div>
          <Typography.Text type="secondary">{order.Customer.MobileNo}</Typography.Text>
        </div>
      ),
    },
    {
      title: '收货人与地址',
      key: 'address',
      render: (_value, order) => (
        <div>
          <div>
            {order.Contacts} {order.PhoneNumber}
          </div>
          <Typography.Text type="secondary">{order.AddressSummary}</Typography.Text>
        </div>
      ),
    },
    {
      title: '配送方式',
      key: 'delivery',
      width: 110,
      render: (_value, order) =>
        order.IsSelfPickup ? <Tag color="blue">到店自提</Tag> : order.ExpressCompanyName || '快递',
    },
    {
      title: '快递公司',
      key: 'company',
      width: 150,
      render: (_value, order) =>
        order.IsSelfPickup ? (
          <Typography.Text type="secondary">无需快递</Typography.Text>
        ) : (
          <div data-testid={`ship-company-${order.OrderNo}`}>
            <Select
              aria-label={`订单 ${order.OrderNo} 的快递公司`}
              style={{ width: '100%' }}
              value={entries[order.Id]?.company || undefined}
              placeholder="选择快递公司"
              options={[...new Set([order.ExpressCompanyName, ...carriers].filter(Boolean))].map((name) => ({
                value: name,
                label: name,
              }))}
              onChange={(company: string) => update(order.Id, { company })}
            />
          </div>
        ),
    },
    {
      title: '快递单号',
      key: 'trackingNo',
      width: 200,
      render: (_value, order) => {
        const problem = problems.get(order.Id);
        return (
          <div>
            <Input
              aria-label={`订单 ${order.OrderNo} 的快递单号`}
              value={entries[order.Id]?.trackingNo ?? ''}
              maxLength={TRACKING_NO_MAX_LENGTH + 10}
              status={problem ? 'error' : undefined}
              placeholder={order.IsSelfPickup ? '到店自提，可不填' : '快递单号'}
              onChange={(event) => update(order.Id, { trackingNo: event.target.value })}
            />
            {problem ? (
              <Typography.Text type="danger" data-testid={`ship-problem-${order.Id}`}>
                {problem}
              </Typography.Text>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <>
      {ship.error ? (
        <Alert type="error" showIcon title={errorMessage(ship.error)} style={{ marginBottom: 12 }} />
      ) : null}
      {refused.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${refused.length} 个订单不能发货，不会发送`}
          description={
            <ul data-testid="ship-refused" style={{ paddingInlineStart: 18, margin: 0 }}>
              {refused.map((order) => (
                <li key={order.Id}>
                  {order.OrderNo}：{order.Reason}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="全部订单的快递公司"
          style={{ width: 180 }}
          placeholder="选择快递公司"
          value={allCompany}
          options={carriers.map((name) => ({ value: name, label: name }))}
          onChange={(name: string) => setAllCompany(name)}
        />
        <Button
          disabled={!allCompany}
          onClick={() =>
            setEntries((current) =>
              Object.fromEntries(
                Object.entries(current).map(([id, entry]) => {
                  const order = orders.find((candidate) => candidate.Id === Number(id));
                  return [id, order?.IsSelfPickup ? entry : { ...entry, company: allCompany! }];
                }),
              ),
            )
          }
        >
          全部设为
        </Button>
        <Typography.Text type="secondary">到店自提的订单不变</Typography.Text>
      </Space>
      <Collapse
        size="small"
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'paste',
            label: '粘贴快递单号（订单号、快递单号两列）',
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Input.TextArea
                  aria-label="粘贴订单号和快递单号"
                  rows={4}
                  value={paste}
                  placeholder={'从 Excel 或快递打单软件复制两列后粘贴，例如：\nD202611260001\tSF1234567890'}
                  onChange={(event) => setPaste(event.target.value)}
                />
                <Button onClick={fillFromPaste} disabled={paste.trim() === ''}>
                  按订单号填入
                </Button>
                {pasteReport ? (
                  <Alert
                    type={pasteReport.unmatched.length > 0 ? 'warning' : 'success'}
                    showIcon
                    title={`已填入 ${pasteReport.filled} 个订单的快递单号${
                      pasteReport.unmatched.length > 0 ? `，${pasteReport.unmatched.length} 行未匹配` : ''
                    }`}
                    description={
                      pasteReport.unmatched.length > 0 ? (
                        <ul data-testid="paste-unmatched" style={{ paddingInlineStart: 18, margin: 0 }}>
                          {pasteReport.unmatched.map((line) => (
                            <li key={`${line.line}-${line.text}`}>
                              第 {line.line} 行「{line.text}」：{line.reason}
                            </li>
                          ))}
                        </ul>
                      ) : undefined
                    }
                  />
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {problems.size > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${problems.size} 个订单的快递单号需要修改，改好后再发货`}
        />
      ) : null}
      <Table<BatchShipFormOrder>
        rowKey="Id"
        size="small"
        columns={columns}
        dataSource={shippable}
        pagination={false}
        scroll={{ y: 420 }}
        locale={{ emptyText: '所选订单都不能发货' }}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        <Button onClick={onClose}>返回</Button>
        <Button type="primary" loading={ship.isPending} disabled={shippable.length === 0} onClick={submit}>
          确认发货
        </Button>
      </div>
    </>
  );
}
