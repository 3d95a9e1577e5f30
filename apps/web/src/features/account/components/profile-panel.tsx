import { Alert, Descriptions, Skeleton } from 'antd';
import { formatDateTime, formatFen } from '../../../lib/format.ts';
import { useCustomerInfo } from '../api/get-customer-info.ts';
import { useBalance } from '../api/get-balance.ts';

/** 个人资料 (POST /api/cust/info). */
export function ProfilePanel() {
  const info = useCustomerInfo();
  const balance = useBalance();
  if (info.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (info.isError) return <Alert type="error" showIcon title="个人资料加载失败，请稍后重试" />;
  const customer = info.data;
  return (
    <Descriptions
      className="ink-account-panel"
      bordered
      column={{ xs: 1, sm: 1, md: 2 }}
      size="middle"
      items={[
        { key: 'account', label: '账号', children: customer.Account },
        { key: 'mobile', label: '手机号码', children: customer.MobileNo || '—' },
        { key: 'nick', label: '昵称', children: customer.NickName || '—' },
        {
          key: 'balance',
          label: '账户余额',
          children: balance.data === undefined ? '—' : formatFen(balance.data),
        },
        { key: 'created', label: '注册时间', children: formatDateTime(customer.CreateTime) || '—' },
        { key: 'last', label: '上次登录', children: formatDateTime(customer.LastLoginTime) || '—' },
      ]}
    />
  );
}
