/**
 * The first page's answers (docs/website.md, "The first page brings its answers"): the calls a
 * first visit of a merchant's site makes before it can draw, with the bodies the site sends. The
 * server makes them itself while it sends the page and writes their envelopes into it; the site's
 * API client takes such an answer instead of asking the network, once. The list is shared, so the
 * two cannot disagree about a body: a call left out, or a body that differs, is asked as before.
 */
import type { CallContract } from '../call-contract.ts';
import { CATEGORY_QUERY } from '../constants.ts';
import { merchantsCalls } from './merchants.ts';
import { productsCalls } from './products.ts';
import { websiteCalls } from './website.ts';

/** The id of the `<script type="application/json">` holding the answers. */
export const FIRST_PAGE_REPLIES_ELEMENT_ID = 'first-page-replies';

/**
 * How long after the page's start the site still takes an answer from it. The answers are as old
 * as the page; a page kept open longer asks the network.
 */
export const FIRST_PAGE_REPLY_MAX_AGE_MS = 30_000;

/** Each interface version's public home (spec §2), the page whose content comes with it. */
export const VERSION_HOME_PATHS = {
  1: '/home',
  2: '/index-v2',
  3: '/index-v3',
  4: '/index-v4',
} as const satisfies Record<1 | 2 | 3 | 4, string>;

export interface FirstPageCall {
  contract: CallContract;
  /** The body as the site's code passes it to the call (`api.call(contract, body)`). */
  body: unknown;
}

/** What the server knows of the page asked for. */
export interface FirstPageRequest {
  /** The address's host name without the port, as `location.hostname` gives it. */
  hostname: string;
  pathname: string;
  /** The merchant's interface version (spec §2). */
  version: number;
}

function isVersion(value: number): value is keyof typeof VERSION_HOME_PATHS {
  return value in VERSION_HOME_PATHS;
}

/** True for the merchant's own home page (of its interface version). */
export function isVersionHome(page: Pick<FirstPageRequest, 'pathname' | 'version'>): boolean {
  return isVersion(page.version) && page.pathname.toLowerCase() === VERSION_HOME_PATHS[page.version];
}

/**
 * The calls whose answers a page brings: the start sequence's company info (spec §3) and
 * categories (spec §4) on every page; on the merchant's own home, the header's site settings and
 * menus and the home page's layout and banners (the reads its route starts at once).
 */
export function firstPageCalls(page: FirstPageRequest): FirstPageCall[] {
  const calls: FirstPageCall[] = [
    { contract: merchantsCalls.CheckDomainName, body: { domainName: page.hostname } },
    { contract: productsCalls.QueryCommonProduct, body: { ...CATEGORY_QUERY } },
  ];
  const version = page.version;
  if (!isVersion(version) || !isVersionHome(page)) return calls;
  calls.push(
    { contract: merchantsCalls.GetWebConfig, body: {} },
    { contract: websiteCalls.QueryHomeMenu, body: { Version: version, Position: 'top' } },
    { contract: websiteCalls.QueryHomeMenu, body: { Version: version, Position: 'footer' } },
    { contract: websiteCalls.QueryHomeLayout, body: { Version: version } },
    { contract: websiteCalls.QueryAd, body: { Position: 'home_carousel' } },
    { contract: websiteCalls.QueryAd, body: { Position: 'home_side' } },
  );
  return calls;
}

/** JSON with object keys in order, so that the same body always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The JSON a POST call sends: the body in `{bizcontent}`, or as it is for a raw-body call. */
export function wireBody(contract: Pick<CallContract, 'rawBody'>, body: unknown): unknown {
  return contract.rawBody ? body : { bizcontent: body ?? {} };
}

/** The key of a POST call's answer among a page's answers: its path (any case) and its body. */
export function firstPageReplyKey(path: string, sentBody: unknown): string {
  return `${path.toLowerCase()} ${canonicalJson(sentBody)}`;
}
