/**
 * Every address of the site (spec §2), written once: the routes are declared from these, and
 * navigation, links and redirects build their addresses with them.
 */

/** The four interface versions (spec §1, §2). */
export type Version = 1 | 2 | 3 | 4;

/** The addresses of one version. */
export interface VersionPaths {
  /** Where the version is entered: `/` (v1, forwards to /buffer-zone) or /home-v{n} (forwards home). */
  entry: string;
  /** Public home page. */
  home: string;
  /** Where the guard sends a visitor without a session (spec §2). */
  login: string;
  register: string;
  forgotPassword: string;
  /** The signed-in start page: where a login without `redirect` lands (the quotation index). */
  workspace: string;
  /** The quotation page of a category: `{quote}/{first}/{second}[/{third}]`. */
  quote: string;
  /** The account pages: `{user}/order/{t}`, `{user}/bill/{t}`, `{user}/sys/{t}`. */
  user: string;
  /** Help articles: `{help}/{id}`. */
  help: string;
}

export const PATHS: Record<Version, VersionPaths> = {
  1: {
    entry: '/',
    home: '/home',
    login: '/login',
    register: '/register',
    forgotPassword: '/forgotpwd',
    workspace: '/index',
    quote: '/proinfo',
    user: '/user',
    help: '/help',
  },
  2: {
    entry: '/home-v2',
    home: '/index-v2',
    // Version 2's login sits on its home page; its entry address is its login address, and its
    // home page switches the login card to these forms in place.
    login: '/home-v2',
    register: '/index-v2?panel=register',
    forgotPassword: '/index-v2?panel=forgot',
    workspace: '/quotationCenter',
    quote: '/quotationCenter',
    user: '/user-v2',
    help: '/help-v2',
  },
  3: {
    entry: '/home-v3',
    home: '/index-v3',
    login: '/login-v3',
    register: '/register-v3',
    forgotPassword: '/forgotpwd-v3',
    workspace: '/quotationCenter-v3',
    quote: '/quotationCenter-v3',
    user: '/user-v3',
    help: '/help-v3',
  },
  4: {
    entry: '/home-v4',
    home: '/index-v4',
    login: '/login-v4',
    register: '/register-v4',
    forgotPassword: '/forgotpwd-v4',
    workspace: '/quotationCenter-v4',
    quote: '/quotationCenter-v4',
    user: '/user-v4',
    help: '/help-v4',
  },
};

/** Versions 3 and 4's login shell: its own address forwards to the login. */
export const LOGIN_VIEW_PATH: Record<3 | 4, string> = { 3: '/loginview-v3', 4: '/loginview-v4' };
/** 批量上传 (version 1 has none). */
export const BATCH_UPLOAD_PATH: Record<2 | 3 | 4, string> = {
  2: '/batch-upload',
  3: '/batch-upload-v3',
  4: '/batch-upload-v4',
};
/** The holding address that forwards to the home of the version the merchant configured. */
export const BUFFER_ZONE_PATH = '/buffer-zone';
/** Version 2's 关于我们. */
export const ABOUT_PATH = '/about';
/** Version 4's public product introduction (`?cid=`, `?pid=`). */
export const PRODUCT_INTRO_PATH = '/productIntro-v4';
/** Version 4's 模板中心. */
export const TEMPLATE_PATH = '/template-v4';

/** A help article of `version` (a route pattern with `id = ':id'`), e.g. `/help-v3/12`. */
export function helpPath(version: Version, id: number | string): string {
  return `${PATHS[version].help}/${id}`;
}

/** The first tab of the order, bill and account pages. */
export const FIRST_TAB = '1';

/** The account pages of each version; `setting-v4` (个人设置) is version 4's only. */
export type UserPage = 'order' | 'bill' | 'sys' | 'setting-v4';

/** A query of an address; a list is joined with commas, `undefined` is left out. */
export type PathQuery = Record<string, string | number | readonly (string | number)[] | undefined>;

function withQuery(path: string, query: PathQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value as string | number));
  }
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

/** An account page of `version` on tab `t` (a route pattern with `t = ':t'`), e.g. `/user-v2/bill/1`. */
export function userPath(version: Version, page: UserPage, t: string, query: PathQuery = {}): string {
  return withQuery(`${PATHS[version].user}/${page}/${t}`, query);
}

/** The account page's tab of 我的文件 (the file library). */
export const MY_FILES_TAB = 'files';

/** The account page's tab of 账户余额, where a customer short of balance recharges. */
export function balancePath(version: Version): string {
  return userPath(version, 'sys', 'balance');
}

/** 我的文件 of `version`'s account page. */
export function myFilesPath(version: Version): string {
  return userPath(version, 'sys', MY_FILES_TAB);
}

/** The screens of the order route besides the list's status tabs. */
export type OrderFlowPage = 'cart' | 'checkout' | 'pay';

/** The flow screen `t` names on the order route, or null for the order list (a status tab). */
export function orderFlowPageOf(t: string | undefined): OrderFlowPage | null {
  return t === 'cart' || t === 'checkout' || t === 'pay' ? t : null;
}

/** The order list's status tabs as the order route names them. */
export type OrderTabKey =
  'all' | 'unpaid' | 'reviewing' | 'producing' | 'shipped' | 'completed' | 'cancelled';

/** The address of an order page of `version`, e.g. `orderPath(1, 'pay', { no: 'P…' })`. */
export function orderPath(version: Version, t: OrderFlowPage | OrderTabKey, query: PathQuery = {}): string {
  return userPath(version, 'order', t, query);
}
