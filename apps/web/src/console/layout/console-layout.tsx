import { useEffect, useState } from 'react';
import { App, Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { staffCalls } from '@inkstone/contracts';
import { sectionsFor } from '../lib/sections.ts';
import { errorMessage, staffCall } from '../lib/staff-api.ts';
import { staffSession } from '../lib/staff-session.ts';
import { useShopName } from '../lib/use-shop-name.ts';
import { useStaffSession } from '../lib/use-staff-session.ts';

const { Header, Sider, Content } = Layout;

/**
 * The console's frame: the shop's name, the menu of the sections the member's roles allow, who
 * is signed in with their roles, and 退出登录. The member's roles are read again from the server
 * when the console opens (an administrator may have changed them).
 */
export function ConsoleLayout() {
  const session = useStaffSession();
  const shopName = useShopName();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const [isSigningOut, setSigningOut] = useState(false);

  const info = useQuery({
    queryKey: ['console', 'staff-info', session?.token],
    queryFn: () => staffCall(staffCalls.Info, {}),
    enabled: !!session,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (info.data) staffSession.update(info.data);
  }, [info.data]);

  useEffect(() => {
    document.title = shopName ? `${shopName} · 商家后台` : '商家后台';
  }, [shopName]);

  if (!session) return null;
  const sections = sectionsFor(session.staff.Roles);
  const selected = location.pathname.split('/')[1] ?? '';

  const signOut = async () => {
    setSigningOut(true);
    try {
      await staffCall(staffCalls.Logout, {});
    } catch (error) {
      // The token is forgotten here either way; the server lets it lapse.
      void message.warning(errorMessage(error));
    } finally {
      staffSession.clear();
      setSigningOut(false);
      void navigate('/login', { replace: true });
    }
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider breakpoint="lg" collapsedWidth={0} theme="dark" width={200}>
        <div
          style={{ color: '#fff', padding: '18px 20px', fontWeight: 600, fontSize: 16, lineHeight: 1.4 }}
          data-testid="console-shop-name"
        >
          {shopName || '商家后台'}
          <div style={{ fontSize: 12, fontWeight: 400, opacity: 0.65 }}>商家后台</div>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          aria-label="后台菜单"
          selectedKeys={[selected]}
          items={sections.map((section) => ({ key: section.path, label: section.label }))}
          onClick={({ key }) => void navigate(`/${key}`)}
        />
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space size="middle" wrap>
            <Typography.Text data-testid="console-staff-name">
              {session.staff.Name || session.staff.Account}
            </Typography.Text>
            <span data-testid="console-staff-roles">
              {session.staff.RoleNames.map((name) => (
                <Tag key={name}>{name}</Tag>
              ))}
            </span>
            <Button onClick={() => void signOut()} loading={isSigningOut}>
              退出登录
            </Button>
          </Space>
        </Header>
        <Content style={{ padding: 24 }}>
          <Outlet />
        </Content>
      </Layout>
    </Layout>
  );
}
