import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { AuditLogTab } from './audit-log-tab.tsx';
import { StaffAccountsTab } from './staff-accounts-tab.tsx';

/** 员工 (管理员): the merchant's staff accounts, and the 操作日志 of everything they did. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'log' ? 'log' : 'accounts';
  return (
    <Card title="员工">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'log' ? { tab: 'log' } : {})}
        items={[
          { key: 'accounts', label: '员工账号', children: <StaffAccountsTab /> },
          { key: 'log', label: '操作日志', children: <AuditLogTab /> },
        ]}
      />
    </Card>
  );
}
