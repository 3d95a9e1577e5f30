import type { ContentLink } from '@inkstone/contracts';
import { PATHS, helpPath } from '../../../lib/paths.ts';
import type { Version } from '../../../lib/paths.ts';
import { parseCategoryIds, productIntroRouteOf, quoteRouteOf } from '../../catalogue/index.ts';
import type { CategoryPath } from '../../catalogue/index.ts';

/** Where a banner, menu entry or home item leads on this site: nowhere, a route, or another site. */
export type ResolvedLink =
  { kind: 'none' } | { kind: 'internal'; to: string } | { kind: 'external'; href: string };

export interface LinkContext {
  version: Version;
  /** The category path of a product the merchant sells, or null when the catalogue has none. */
  productPath(productId: number): CategoryPath | null;
}

const NOWHERE: ResolvedLink = { kind: 'none' };

function positiveId(text: string): number | null {
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

function productLink(productId: number, { version, productPath }: LinkContext): ResolvedLink {
  const path = productPath(productId);
  // Version 4 shows products publicly on its product introduction; the others on the quote page.
  if (version === 4) return { kind: 'internal', to: productIntroRouteOf(path ?? [], productId) };
  // A product the catalogue does not list (yet): the order centre opens the first one.
  return { kind: 'internal', to: path ? quoteRouteOf(version, path, productId) : PATHS[version].workspace };
}

function categoryLink(target: string, version: Version): ResolvedLink {
  const ids = parseCategoryIds(target.split('/'));
  if (ids.length === 0) return NOWHERE;
  return { kind: 'internal', to: version === 4 ? productIntroRouteOf(ids) : quoteRouteOf(version, ids) };
}

/** A path of this site: one slash, no scheme or host, no blanks or backslashes. */
function isSitePath(target: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(target);
}

/**
 * The address a content link has on the version being drawn (docs/website.md, Links): a product
 * its quote page (v4: its public introduction), a category its quotation route (v4: the product
 * introduction of the category), a help article the version's help route, a route itself, a URL
 * another site. The server already sends a target that does not fit its type as `none`; a link
 * that still does not fit leads nowhere rather than somewhere wrong.
 */
export function resolveContentLink(link: ContentLink, context: LinkContext): ResolvedLink {
  const target = link.Target.trim();
  switch (link.Type) {
    case 'none':
      return NOWHERE;
    case 'product': {
      const id = positiveId(target);
      return id === null ? NOWHERE : productLink(id, context);
    }
    case 'category':
      return categoryLink(target, context.version);
    case 'help': {
      const id = positiveId(target);
      return id === null ? NOWHERE : { kind: 'internal', to: helpPath(context.version, id) };
    }
    case 'route':
      return isSitePath(target) ? { kind: 'internal', to: target } : NOWHERE;
    case 'url':
      return /^https?:\/\/[^\s/\\]/i.test(target) ? { kind: 'external', href: target } : NOWHERE;
  }
}

/**
 * True when a navigation entry leading to `link` stands for the page at `pathname`: its own page
 * (or a tab of it, `/user/order/1` for `/user/order/3`), and for a help article any help article.
 */
export function isLinkCurrent(link: ResolvedLink, pathname: string, version: Version): boolean {
  if (link.kind !== 'internal') return false;
  const path = link.to.split('?')[0] ?? '';
  if (pathname === path) return true;
  const helpPrefix = `${PATHS[version].help}/`;
  if (path.startsWith(helpPrefix)) return pathname.startsWith(helpPrefix);
  const userPrefix = `${PATHS[version].user}/`;
  if (path.startsWith(userPrefix)) return pathname.startsWith(path.replace(/[^/]+$/, ''));
  return false;
}
