import { useState } from 'react';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { findRegionName } from '@inkstone/domain';
import { staffCalls, type StaffExpressCompany } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { ExpressDrawer } from './express-drawer.tsx';

const EXPRESS_KEY = ['console', 'express'] as const;
const MAX_NAMES = 6;

/** `江苏省、浙江省、上海市`: the names of a zone's divisions, shortened. */
function regionNames(codes: readonly string[]): string {
  const names = codes.map((code) => findRegionName(code) ?? code);
  return names.length > MAX_NAMES
    ? `${names.slice(0, MAX_NAMES).join('、')} 等${names.length}个地区`
    : names.join('、');
}

/** One line per zone: `江浙沪（江苏省、浙江省、上海市）首重1kg ¥18.00，续重每1kg ¥6.00`. */
function ZoneLines({ company }: { company: StaffExpressCompany }) {
  const template = company.Template;
  if (template.Kind === 'pickup') return <span>自提地址：{template.PickupAddress || '未填写'}</span>;
  const price = (
    zone:
      | StaffExpressCompany['Template']['Zones'][number]
      | NonNullable<StaffExpressCompany['Template']['OtherZone']>,
  ) =>
    `首重${zone.FirstWeightGrams / 1000}kg ${formatFen(zone.FirstFeeFen)}，续重每${zone.AdditionalWeightGrams / 1000}kg ${formatFen(zone.AdditionalFeeFen)}${zone.ExcludeFromFreeShipping ? '，不参与包邮' : ''}`;
  return (
    <Space orientation="vertical" size={0}>
      {template.Zones.map((zone) => (
        <span key={zone.Name}>
          <Typography.Text strong>{zone.Name}</Typography.Text>（{regionNames(zone.RegionCodes)}）
          {price(zone)}
        </span>
      ))}
      {template.OtherZone ? (
        <span>
          <Typography.Text strong>{template.OtherZone.Name}</Typography.Text> {price(template.OtherZone)}
        </span>
      ) : (
        <Typography.Text type="secondary">其他地区不配送</Typography.Text>
      )}
      {template.ExcludedRegionCodes.length > 0 ? (
        <Typography.Text type="secondary">
          不配送：{regionNames(template.ExcludedRegionCodes)}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * 物流: the merchant's express companies and the fee template each is priced by — zones of
 * provinces (picked on the region table) with first and additional weight prices, 其他地区, the
 * regions not served, 满额包邮, and 到店自提 with its address. 管理员 only (checked by the server).
 */
export function Component() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<StaffExpressCompany | 'new' | null>(null);
  const companies = useQuery({
    queryKey: EXPRESS_KEY,
    queryFn: () => staffCall(staffCalls.QueryExpressCompanies, {}),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: EXPRESS_KEY });

  const columns: ColumnsType<StaffExpressCompany> = [
    {
      title: '快递',
      key: 'name',
      render: (_value, company) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Text strong>{company.Name}</Typography.Text>
            {company.IsDefault ? <Tag color="green">默认</Tag> : null}
            {company.IsActive ? null : <Tag color="red">已停用</Tag>}
          </Space>
          <Typography.Text type="secondary">
            {company.Code} · {company.Template.Kind === 'pickup' ? '到店自提' : '快递配送'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '包邮',
      key: 'free',
      render: (_value, company) =>
        company.Template.Kind === 'pickup'
          ? '免运费'
          : company.Template.FreeShippingMinFen === null
            ? '不包邮'
            : `满${formatFen(company.Template.FreeShippingMinFen)}`,
    },
    { title: '运费模板', key: 'zones', render: (_value, company) => <ZoneLines company={company} /> },
    { title: '顾客看到', dataIndex: 'Description' },
    {
      title: '操作',
      key: 'actions',
      render: (_value, company) => (
        <Button size="small" onClick={() => setOpen(company)} aria-label={`编辑 ${company.Name}`}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="物流 · 快递与运费"
      extra={
        <Button type="primary" onClick={() => setOpen('new')}>
          新增快递
        </Button>
      }
    >
      {companies.error ? (
        <Alert type="error" showIcon title={errorMessage(companies.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<StaffExpressCompany>
        rowKey="Id"
        size="middle"
        columns={columns}
        dataSource={companies.data?.List ?? []}
        loading={companies.isFetching}
        locale={{ emptyText: '还没有快递方式' }}
        pagination={false}
      />
      <ExpressDrawer
        company={open}
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
