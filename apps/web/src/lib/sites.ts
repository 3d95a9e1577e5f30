/**
 * The four interface versions (spec §1, §2): where each one's pages live, so that guards, layouts
 * and forms send visitors to the right version.
 */
export type Version = 1 | 2 | 3 | 4;

export interface NavItem {
  label: string;
  to: string;
}

export interface VersionSite {
  version: Version;
  /** Public home page. */
  home: string;
  /** Where the guard sends a visitor without a session (spec §2). */
  login: string;
  register: string;
  forgotPassword: string;
  /** The signed-in start page: where a login without `redirect` lands. */
  workspace: string;
  /** Links of the public header. */
  publicNav: NavItem[];
  /** Links of the signed-in header. */
  workspaceNav: NavItem[];
}

/** The first tab of the order, bill and account pages. */
const FIRST_TAB = '1';

export const SITES: Record<Version, VersionSite> = {
  1: {
    version: 1,
    home: '/home',
    login: '/login',
    register: '/register',
    forgotPassword: '/forgotpwd',
    workspace: '/index',
    publicNav: [{ label: '首页', to: '/home' }],
    workspaceNav: [
      { label: '在线下单', to: '/index' },
      { label: '我的订单', to: `/user/order/${FIRST_TAB}` },
      { label: '我的账单', to: `/user/bill/${FIRST_TAB}` },
      { label: '账户设置', to: `/user/sys/${FIRST_TAB}` },
    ],
  },
  2: {
    version: 2,
    home: '/index-v2',
    login: '/home-v2',
    // Version 2 has no register or password pages of its own: its home page switches the login
    // card to these forms in place.
    register: '/index-v2?panel=register',
    forgotPassword: '/index-v2?panel=forgot',
    workspace: '/quotationCenter',
    publicNav: [
      { label: '首页', to: '/index-v2' },
      { label: '报价中心', to: '/quotationCenter' },
      { label: '关于我们', to: '/about' },
    ],
    workspaceNav: [
      { label: '报价中心', to: '/quotationCenter' },
      { label: '批量上传', to: '/batch-upload' },
      { label: '我的订单', to: `/user-v2/order/${FIRST_TAB}` },
      { label: '我的账单', to: `/user-v2/bill/${FIRST_TAB}` },
      { label: '账户设置', to: `/user-v2/sys/${FIRST_TAB}` },
    ],
  },
  3: {
    version: 3,
    home: '/index-v3',
    login: '/login-v3',
    register: '/register-v3',
    forgotPassword: '/forgotpwd-v3',
    workspace: '/quotationCenter-v3',
    publicNav: [
      { label: '首页', to: '/index-v3' },
      { label: '报价中心', to: '/quotationCenter-v3' },
    ],
    workspaceNav: [
      { label: '报价中心', to: '/quotationCenter-v3' },
      { label: '批量上传', to: '/batch-upload-v3' },
      { label: '我的订单', to: `/user-v3/order/${FIRST_TAB}` },
      { label: '我的账单', to: `/user-v3/bill/${FIRST_TAB}` },
      { label: '账户设置', to: `/user-v3/sys/${FIRST_TAB}` },
    ],
  },
  4: {
    version: 4,
    home: '/index-v4',
    login: '/login-v4',
    register: '/register-v4',
    forgotPassword: '/forgotpwd-v4',
    workspace: '/quotationCenter-v4',
    publicNav: [
      { label: '首页', to: '/index-v4' },
      { label: '产品介绍', to: '/productIntro-v4' },
      { label: '模板中心', to: '/template-v4' },
      { label: '下单中心', to: '/quotationCenter-v4' },
    ],
    workspaceNav: [
      { label: '下单中心', to: '/quotationCenter-v4' },
      { label: '批量上传', to: '/batch-upload-v4' },
      { label: '我的订单', to: `/user-v4/order/${FIRST_TAB}` },
      { label: '我的账单', to: `/user-v4/bill/${FIRST_TAB}` },
      { label: '账户设置', to: `/user-v4/sys/${FIRST_TAB}` },
      { label: '个人设置', to: `/user-v4/setting-v4/${FIRST_TAB}` },
    ],
  },
};

/** Spec §2: the login each version's guard sends to. */
export function loginPathFor(version: Version): string {
  return SITES[version].login;
}

/**
 * The `redirect` query value when it names a page of this site, else null. An absolute or
 * protocol-relative address is refused so a link cannot send a customer to another site.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** `path` with the `redirect` query kept, for links between login, register and password pages. */
export function withRedirect(path: string, redirect: string | null): string {
  if (!redirect) return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(redirect)}`;
}
