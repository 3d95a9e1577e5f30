import type { ComponentType } from 'react';
import { mayMakeStaffCall, type StaffCallName, type StaffRole } from '@inkstone/contracts';

/**
 * The console's sections: its menu and its routes come from this one table, so a new section
 * (工作台, 客户, 商品与价格, 营销, 物流, 员工 — docs/console.md) is one row and one page. A section is
 * shown to a staff member who may make its `needs` call (the server's role table,
 * STAFF_CALL_ROLES); the server checks every call again.
 */
export interface ConsoleSection {
  /** Its address under /console, and its menu key. */
  path: string;
  label: string;
  /** The call the section cannot work without: who may make it may see the section. */
  needs: StaffCallName;
  /** The page module (React Router lazy route: exports `Component`). */
  load(): Promise<{ Component: ComponentType }>;
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  {
    path: 'dashboard',
    label: '工作台',
    needs: 'Dashboard',
    load: () => import('../sections/dashboard/dashboard-page.tsx'),
  },
  {
    path: 'orders',
    label: '订单',
    needs: 'QueryOrders',
    load: () => import('../sections/orders/orders-page.tsx'),
  },
  {
    path: 'customers',
    label: '客户',
    needs: 'QueryCustomers',
    load: () => import('../sections/customers/customers-page.tsx'),
  },
  {
    path: 'catalog',
    label: '商品与价格',
    needs: 'PublishCatalog',
    load: () => import('../sections/catalog/catalog-page.tsx'),
  },
  {
    path: 'marketing',
    label: '营销',
    needs: 'QueryCoupons',
    load: () => import('../sections/marketing/marketing-page.tsx'),
  },
  {
    path: 'express',
    label: '物流',
    needs: 'SaveExpressCompany',
    load: () => import('../sections/express/express-page.tsx'),
  },
  {
    path: 'site',
    label: '网站',
    needs: 'SaveSiteSettings',
    load: () => import('../sections/site/site-page.tsx'),
  },
  {
    path: 'payments',
    label: '支付与短信',
    needs: 'SavePaymentGatewaySettings',
    load: () => import('../sections/payments/payments-page.tsx'),
  },
  {
    path: 'staff',
    label: '员工',
    needs: 'QueryStaff',
    load: () => import('../sections/staff/staff-page.tsx'),
  },
];

/** The sections a staff member with `roles` may open, in menu order. */
export function sectionsFor(roles: readonly StaffRole[]): ConsoleSection[] {
  return CONSOLE_SECTIONS.filter((section) => mayMakeStaffCall(roles, section.needs));
}
