import { Alert, Card, Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { StaffCustomer } from '@inkstone/contracts';
import { formatDateTime, formatFen } from '../../../lib/format.ts';
import { errorMessage } from '../../lib/staff-api.ts';
import { CustomerDrawer } from './customer-drawer.tsx';
import { CUSTOMERS_PAGE_SIZE, useCustomerListState, useCustomerPage } from './use-customer-query.ts';

const columns: ColumnsType<StaffCustomer> = [
  {
    title: '客户',
    key: 'customer',
    render: (_value, customer) => (
      <div>
        <Typography.Link>{customer.NickName || customer.Account}</Typography.Link>
        {customer.IsActive ? null : (
          <Tag color="red" style={{ marginInlineStart: 8 }}>
            已停用
          </Tag>
        )}
      </div>
    ),
  },
  { title: '手机号', dataIndex: 'MobileNo' },
  { title: '注册时间', dataIndex: 'CreatedAt', render: (iso: string) => formatDateTime(iso) },
  { title: '余额', dataIndex: 'BalanceFen', align: 'right', render: (fen: number) => formatFen(fen) },
  { title: '订单数', dataIndex: 'OrderCount', align: 'right' },
  { title: '消费合计', dataIndex: 'SpentFen', align: 'right', render: (fen: number) => formatFen(fen) },
];

/** 客户: the merchant's customers, searched by mobile, account or nickname; a row opens the customer. */
export function Component() {
  const { keyword, page, openId, search, goToPage, openCustomer } = useCustomerListState();
  const { data, error, isFetching } = useCustomerPage(keyword, page);
  return (
    <Card title="客户">
      <Input.Search
        key={`q-${keyword}`}
        aria-label="手机号、账号或昵称"
        placeholder="手机号、账号或昵称"
        defaultValue={keyword}
        allowClear
        maxLength={64}
        style={{ width: 280, marginBottom: 16 }}
        onSearch={search}
      />
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<StaffCustomer>
        rowKey="Id"
        size="middle"
        columns={columns}
        dataSource={data?.List ?? []}
        loading={isFetching}
        onRow={(customer) => ({ onClick: () => openCustomer(customer.Id), style: { cursor: 'pointer' } })}
        locale={{ emptyText: keyword ? '没有符合条件的客户' : '还没有客户' }}
        pagination={{
          current: page,
          pageSize: CUSTOMERS_PAGE_SIZE,
          total: data?.TotalCount ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个客户`,
          onChange: goToPage,
        }}
      />
      <CustomerDrawer customerId={openId} onClose={() => openCustomer(null)} />
    </Card>
  );
}
