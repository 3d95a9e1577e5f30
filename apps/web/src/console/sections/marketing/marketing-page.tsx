import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCalls, type StaffCoupon, type StaffCouponList } from '@inkstone/contracts';
import { formatDateTime, formatFen } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { CouponDrawer } from './coupon-drawer.tsx';

const COUPONS_KEY = ['console', 'coupons'] as const;

const STATUS_COLOURS: Record<StaffCoupon['Status'], string> = {
  active: 'green',
  'not-started': 'blue',
  'sold-out': 'orange',
  ended: 'default',
  stopped: 'red',
};

/**
 * 营销: the merchant's coupons with what became of them (已领取, 已使用, 共优惠), 新建 and 编辑 in a
 * drawer, 停用 / 启用. Who may: 财务 and 管理员 (the server checks each call).
 */
export function Component() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [open, setOpen] = useState<StaffCoupon | 'new' | null>(null);
  const coupons = useQuery({ queryKey: COUPONS_KEY, queryFn: () => staffCall(staffCalls.QueryCoupons, {}) });

  const refresh = () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY });

  const toggle = useMutation({
    mutationFn: (coupon: StaffCoupon) =>
      staffCall(staffCalls.SetCouponActive, {
        Id: coupon.Id,
        Revision: coupon.Revision,
        IsActive: !coupon.IsActive,
      }),
    onSuccess: (saved) => {
      void message.success(
        saved.IsActive ? `「${saved.Name}」已启用，顾客可以领取` : `「${saved.Name}」已停用，顾客不能再领取`,
      );
      void refresh();
    },
    onError: (error) => {
      void message.error(errorMessage(error));
      void refresh();
    },
  });

  const columns: ColumnsType<StaffCoupon> = [
    {
      title: '优惠券',
      key: 'name',
      render: (_value, coupon) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Text strong>{coupon.Name}</Typography.Text>
            <Tag color={STATUS_COLOURS[coupon.Status]}>{coupon.StatusText}</Tag>
          </Space>
          <Typography.Text type="secondary">{coupon.ScopeText}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '优惠',
      key: 'terms',
      render: (_value, coupon) => `${coupon.DiscountText}（${coupon.ThresholdText}）`,
    },
    {
      title: '领取时间',
      key: 'receive',
      render: (_value, coupon) => (
        <span>
          {formatDateTime(coupon.ReceiveStartTime)}
          <br />至 {formatDateTime(coupon.ReceiveEndTime)}
        </span>
      ),
    },
    {
      title: '有效期',
      key: 'valid',
      render: (_value, coupon) =>
        coupon.ValidDays === null ? (
          <span>
            {formatDateTime(coupon.ValidStartTime)}
            <br />至 {formatDateTime(coupon.ValidEndTime)}
          </span>
        ) : (
          <span>
            领取后{coupon.ValidDays}天
            <br />
            最晚 {formatDateTime(coupon.ValidEndTime)}
          </span>
        ),
    },
    { title: '每人限领', dataIndex: 'PerCustomerLimit', align: 'right' },
    {
      title: '已领取 / 总量',
      key: 'received',
      align: 'right',
      render: (_value, coupon) => (
        <span data-testid="coupon-received">
          {coupon.ReceivedCount} / {coupon.TotalStock}
        </span>
      ),
    },
    {
      title: '已使用',
      dataIndex: 'UsedCount',
      align: 'right',
      render: (count: number) => <span data-testid="coupon-used">{count}</span>,
    },
    { title: '共优惠', dataIndex: 'DiscountedFen', align: 'right', render: (fen: number) => formatFen(fen) },
    {
      title: '操作',
      key: 'actions',
      render: (_value, coupon) => (
        <Space>
          <Button size="small" onClick={() => setOpen(coupon)}>
            编辑
          </Button>
          <Popconfirm
            title={coupon.IsActive ? `停用「${coupon.Name}」？` : `启用「${coupon.Name}」？`}
            description={
              coupon.IsActive
                ? '停用后顾客不能再领取；已领取的券仍可在有效期内使用。'
                : '启用后，领取时间内的顾客又可以领取。'
            }
            okText={coupon.IsActive ? '停用' : '启用'}
            cancelText="取消"
            onConfirm={() => toggle.mutate(coupon)}
          >
            <Button
              size="small"
              danger={coupon.IsActive}
              loading={toggle.isPending && toggle.variables?.Id === coupon.Id}
            >
              {coupon.IsActive ? '停用' : '启用'}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const data: StaffCouponList | undefined = coupons.data;
  return (
    <Card
      title="营销 · 优惠券"
      extra={
        <Button type="primary" onClick={() => setOpen('new')}>
          新建优惠券
        </Button>
      }
    >
      {coupons.error ? (
        <Alert type="error" showIcon title={errorMessage(coupons.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<StaffCoupon>
        rowKey="Id"
        size="middle"
        columns={columns}
        dataSource={data?.List ?? []}
        loading={coupons.isFetching}
        locale={{ emptyText: '还没有优惠券' }}
        pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (total) => `共 ${total} 张优惠券` }}
        scroll={{ x: 1100 }}
      />
      <CouponDrawer
        coupon={open}
        scopeOptions={data?.ScopeOptions}
        onClose={() => setOpen(null)}
        onSaved={() => {
          setOpen(null);
          void refresh();
        }}
        onConflict={() => {
          setOpen(null);
          void refresh();
        }}
      />
    </Card>
  );
}
