import { Suspense, lazy, type ComponentType } from 'react';
import { Result, Spin } from 'antd';
import { Navigate, createBrowserRouter, useLocation } from 'react-router';
import { mayMakeStaffCall } from '@inkstone/contracts';
import { ConsoleLayout } from './layout/console-layout.tsx';
import { CONSOLE_SECTIONS, sectionsFor, type ConsoleSection } from './lib/sections.ts';
import { whenSignedOut } from './lib/staff-api.ts';
import { useStaffSession } from './lib/use-staff-session.ts';

/** Where the console lives on every merchant's host (the API server serves it there). */
export const CONSOLE_BASE = '/console';

const sectionPages = new Map<string, ComponentType>(
  CONSOLE_SECTIONS.map((section) => [
    section.path,
    lazy(() => section.load().then((module) => ({ default: module.Component }))),
  ]),
);

function Loading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}

/** The console's pages need a signed-in staff member; others go to 登录 and come back after. */
function RequireStaff() {
  const session = useStaffSession();
  const location = useLocation();
  if (!session) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={back === '/' ? '/login' : `/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <ConsoleLayout />;
}

/** The first section the member may open. */
function FirstSection() {
  const session = useStaffSession();
  const first = session ? sectionsFor(session.staff.Roles)[0] : undefined;
  if (!first) return <Result status="403" title="没有可用的功能" subTitle="请联系管理员为您的账号分配角色" />;
  return <Navigate to={`/${first.path}`} replace />;
}

/** A section's page, or 无权限 when the member's roles do not cover it. */
function SectionRoute({ section }: { section: ConsoleSection }) {
  const session = useStaffSession();
  const Page = sectionPages.get(section.path)!;
  if (!session || !mayMakeStaffCall(session.staff.Roles, section.needs)) {
    return <Result status="403" title="无权访问" subTitle={`您的角色不能使用「${section.label}」`} />;
  }
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

export const consoleRouter = createBrowserRouter(
  [
    { path: '/login', lazy: () => import('./pages/sign-in-page.tsx') },
    {
      path: '/',
      element: <RequireStaff />,
      children: [
        { index: true, element: <FirstSection /> },
        ...CONSOLE_SECTIONS.map((section) => ({
          path: `${section.path}/*`,
          element: <SectionRoute section={section} />,
        })),
        { path: '*', element: <Result status="404" title="页面不存在" /> },
      ],
    },
  ],
  { basename: CONSOLE_BASE },
);

whenSignedOut(() => {
  const here = location.pathname.slice(CONSOLE_BASE.length) + location.search;
  void consoleRouter.navigate(`/login?expired=1&redirect=${encodeURIComponent(here || '/')}`, {
    replace: true,
  });
});
