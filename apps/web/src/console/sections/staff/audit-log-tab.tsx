import { useState } from 'react';
import { Alert, DatePicker, Descriptions, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffCalls, type AuditEntry, type QueryAuditLogBody } from '@inkstone/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { auditDiff, targetText } from './audit-diff.ts';
import { useStaffList } from './staff-accounts-tab.tsx';

/** Rows per page of the 操作日志. */
const LOG_PAGE_SIZE = 20;

interface LogFilters {
  staffId: number | null;
  call: string;
  target: string;
  startDate: string;
  endDate: string;
  page: number;
}

const columns: ColumnsType<AuditEntry> = [
  { title: '时间', dataIndex: 'Time', width: 170, render: (iso: string) => formatDateTime(iso) },
  {
    title: '员工',
    key: 'staff',
    render: (_value, row) => (
      <div>
        <div>{row.StaffName || row.StaffAccount}</div>
        <Typography.Text type="secondary">{row.StaffAccount}</Typography.Text>
      </div>
    ),
  },
  {
    title: '操作',
    key: 'call',
    render: (_value, row) => (
      <Space size={4} wrap>
        <span>{row.Label}</span>
        {row.Outcome === 'refused' ? <Tag color="red">被拒绝</Tag> : null}
      </Space>
    ),
  },
  {
    title: '对象',
    key: 'target',
    render: (_value, row) => targetText(row.TargetType, row.TargetId, row.TargetLabel),
  },
  { title: '来源 IP', dataIndex: 'Ip', width: 140 },
];

/** One row opened: what changed (before/after), the refusal, and the input as sent. */
function AuditDetail({ row }: { row: AuditEntry }) {
  const diff = auditDiff(row.Before, row.After);
  return (
    <div data-testid="audit-detail">
      {row.Message ? (
        <Alert type="warning" showIcon title={row.Message} style={{ marginBottom: 12 }} />
      ) : null}
      {diff.length > 0 ? (
        <Table
          size="small"
          rowKey="field"
          pagination={false}
          style={{ marginBottom: 12 }}
          dataSource={diff}
          columns={[
            { title: '字段', dataIndex: 'label', width: 160 },
            { title: '修改前', dataIndex: 'before' },
            {
              title: '修改后',
              key: 'after',
              render: (_value, line) =>
                line.changed ? <Typography.Text mark>{line.after}</Typography.Text> : line.after,
            },
          ]}
        />
      ) : null}
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="接口">{row.Call}</Descriptions.Item>
        <Descriptions.Item label="请求内容">
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {JSON.stringify(row.Input, null, 2)}
          </pre>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/**
 * 操作日志: every change and sign-in of the merchant's staff, newest first, by member, operation,
 * target and period; a row opens its before/after. The log is read-only here and in the database.
 */
export function AuditLogTab() {
  const [filters, setFilters] = useState<LogFilters>({
    staffId: null,
    call: '',
    target: '',
    startDate: '',
    endDate: '',
    page: 1,
  });
  const change = (next: Partial<LogFilters>) => setFilters((previous) => ({ ...previous, page: 1, ...next }));
  const staff = useStaffList();
  const body: QueryAuditLogBody = {
    pageindex: filters.page,
    limit: LOG_PAGE_SIZE,
    StaffId: filters.staffId,
    Call: filters.call,
    Target: filters.target,
    StartDate: filters.startDate || null,
    EndDate: filters.endDate || null,
  };
  const { data, error, isFetching } = useQuery({
    queryKey: ['console', 'staff', 'audit', body],
    queryFn: () => staffCall(staffCalls.QueryAuditLog, body),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="员工"
          placeholder="全部员工"
          allowClear
          style={{ width: 180 }}
          value={filters.staffId ?? undefined}
          onChange={(value?: number) => change({ staffId: value ?? null })}
          options={(staff.data?.List ?? []).map((member) => ({
            value: member.Id,
            label: `${member.Name}（${member.Account}）`,
          }))}
        />
        <Select
          aria-label="操作"
          placeholder="全部操作"
          allowClear
          style={{ width: 200 }}
          value={filters.call || undefined}
          onChange={(value?: string) => change({ call: value ?? '' })}
          options={(data?.Calls ?? []).map((call) => ({ value: call.Call, label: call.Label }))}
        />
        <Input.Search
          aria-label="对象"
          placeholder="订单号、客户、员工账号"
          allowClear
          maxLength={64}
          style={{ width: 220 }}
          onSearch={(value) => change({ target: value.trim() })}
        />
        <DatePicker.RangePicker
          aria-label="日期"
          value={[
            filters.startDate ? dayjs(filters.startDate) : null,
            filters.endDate ? dayjs(filters.endDate) : null,
          ]}
          onChange={(range) =>
            change({
              startDate: range?.[0]?.format('YYYY-MM-DD') ?? '',
              endDate: range?.[1]?.format('YYYY-MM-DD') ?? '',
            })
          }
        />
      </Space>
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<AuditEntry>
        rowKey="Id"
        size="middle"
        columns={columns}
        dataSource={data?.List ?? []}
        loading={isFetching}
        expandable={{ expandedRowRender: (row) => <AuditDetail row={row} />, expandRowByClick: true }}
        locale={{ emptyText: '没有符合条件的操作记录' }}
        pagination={{
          current: filters.page,
          pageSize: LOG_PAGE_SIZE,
          total: data?.TotalCount ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条记录`,
          onChange: (page) => setFilters((previous) => ({ ...previous, page })),
        }}
      />
    </>
  );
}
