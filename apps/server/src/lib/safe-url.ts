/**
 * Addresses and pictures a page may load or link to: http(s), or a path of this site. Rich text, site content
 * and product pictures are checked with it when they are sent, whatever their rows hold.
 */
import type { ContentImage } from '@inkstone/contracts';

/**
 * A relative URL of this site: no scheme, not `//host`. Neither form may hold a blank, a
 * backslash or a control character (browsers drop some of them, which could reveal a scheme).
 */
// eslint-disable-next-line no-control-regex
const RELATIVE_URL = /^(?![a-z][a-z0-9+.-]*:)(?![/\\]{2})[^\s\\\u0000-\u001f\u007f]+$/i;
// eslint-disable-next-line no-control-regex
const ABSOLUTE_URL = /^https?:\/\/[^\s\\/?#\u0000-\u001f\u007f]+(?:[/?#][^\s\\\u0000-\u001f\u007f]*)?$/i;

/** True for an absolute http(s) address (another site's, which opens in a new tab). */
export function isAbsoluteHttpUrl(url: string): boolean {
  return ABSOLUTE_URL.test(url);
}

/** True for an address a page may link to or load: http(s) or relative to this site. */
export function isSafeUrl(url: string): boolean {
  return ABSOLUTE_URL.test(url) || RELATIVE_URL.test(url);
}

/** The columns a stored picture has: its URL, a smaller rendition's URL, its size and alt text. */
export interface ImageColumns {
  url: string | null;
  smallUrl: string | null;
  width: number | null;
  height: number | null;
  alt: string;
}

/**
 * A stored picture as the wire shows it, or null when there is none or its address is not one a
 * page may load; a small rendition that may not be loaded is replaced by the large one.
 */
export function toSafeImage(columns: ImageColumns): ContentImage | null {
  const { url, width, height } = columns;
  if (!url || !isSafeUrl(url) || !width || !height) return null;
  const small = columns.smallUrl && isSafeUrl(columns.smallUrl) ? columns.smallUrl : url;
  return { Url: url, SmallUrl: small, Width: width, Height: height, Alt: columns.alt };
}
