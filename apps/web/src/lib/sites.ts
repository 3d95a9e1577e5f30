/**
 * The four interface versions (spec §1, §2): where each one's pages live (lib/paths.ts) and its
 * navigation, so that guards, layouts and forms send visitors to the right version.
 */
import {
  ABOUT_PATH,
  BATCH_UPLOAD_PATH,
  FIRST_TAB,
  PATHS,
  PRODUCT_INTRO_PATH,
  TEMPLATE_PATH,
  userPath,
} from './paths.ts';
import type { Version, VersionPaths } from './paths.ts';

export type { Version } from './paths.ts';

export interface NavItem {
  label: string;
  /** A path of this site, or another site's address when `isExternal`. */
  to: string;
  /** Another site: opens in a new tab without access to this one. */
  isExternal?: boolean;
  /** Whether the item stands for the page shown, when the caller knows; else the header tells. */
  isCurrent?: boolean;
}

/** A version's addresses with its navigation. */
export interface VersionSite extends VersionPaths {
  version: Version;
  /** Links of the public header. */
  publicNav: NavItem[];
  /** Links of the signed-in header. */
  workspaceNav: NavItem[];
}

/** The account pages of the signed-in header, on their first tab. */
const accountNav = (version: Version): NavItem[] => [
  { label: '我的订单', to: userPath(version, 'order', FIRST_TAB) },
  { label: '我的账单', to: userPath(version, 'bill', FIRST_TAB) },
  { label: '账户设置', to: userPath(version, 'sys', FIRST_TAB) },
];

export const SITES: Record<Version, VersionSite> = {
  1: {
    version: 1,
    ...PATHS[1],
    publicNav: [{ label: '首页', to: PATHS[1].home }],
    workspaceNav: [{ label: '在线下单', to: PATHS[1].workspace }, ...accountNav(1)],
  },
  2: {
    version: 2,
    ...PATHS[2],
    publicNav: [
      { label: '首页', to: PATHS[2].home },
      { label: '报价中心', to: PATHS[2].workspace },
      { label: '关于我们', to: ABOUT_PATH },
    ],
    workspaceNav: [
      { label: '报价中心', to: PATHS[2].workspace },
      { label: '批量上传', to: BATCH_UPLOAD_PATH[2] },
      ...accountNav(2),
    ],
  },
  3: {
    version: 3,
    ...PATHS[3],
    publicNav: [
      { label: '首页', to: PATHS[3].home },
      { label: '报价中心', to: PATHS[3].workspace },
    ],
    workspaceNav: [
      { label: '报价中心', to: PATHS[3].workspace },
      { label: '批量上传', to: BATCH_UPLOAD_PATH[3] },
      ...accountNav(3),
    ],
  },
  4: {
    version: 4,
    ...PATHS[4],
    publicNav: [
      { label: '首页', to: PATHS[4].home },
      { label: '产品介绍', to: PRODUCT_INTRO_PATH },
      { label: '模板中心', to: TEMPLATE_PATH },
      { label: '下单中心', to: PATHS[4].workspace },
    ],
    workspaceNav: [
      { label: '下单中心', to: PATHS[4].workspace },
      { label: '批量上传', to: BATCH_UPLOAD_PATH[4] },
      ...accountNav(4),
      { label: '个人设置', to: userPath(4, 'setting-v4', FIRST_TAB) },
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
