import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

/** What a signed link opens: the file itself or its thumbnail. */
export type LinkVariant = 'file' | 'thumb';

/**
 * Which file a link opens: a live file of the library, or (`order`) a file attached to an order
 * of the merchant, which stays openable after the customer deletes it from the library.
 */
export type LinkScope = 'library' | 'order';

export interface LinkSubject {
  merchantId: number;
  fileId: number;
  variant: LinkVariant;
  /** Epoch seconds after which the link is refused; 0 never expires. */
  expires: number;
  /** `library` when left out. */
  scope?: LinkScope;
}

function signature(secret: string, subject: LinkSubject): string {
  const kind = subject.scope === 'order' ? 'inkstone-order-file' : 'inkstone-file';
  return createHmac('sha256', secret)
    .update(`${kind}:${subject.variant}:${subject.merchantId}:${subject.fileId}:${subject.expires}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * When a link made now expires: at a window boundary between one and two TTLs ahead, so every
 * link to a file made within one window is the same URL and browsers can cache thumbnails.
 */
export function linkExpiry(nowMs: number, ttlSeconds: number, isPermanent: boolean): number {
  if (isPermanent) return 0;
  return (Math.floor(nowMs / 1000 / ttlSeconds) + 2) * ttlSeconds;
}

export function signLink(secret: string, subject: LinkSubject): string {
  return signature(secret, subject);
}

/** True when the signature is right and the link has not expired. */
export function isValidLink(secret: string, subject: LinkSubject, sign: string, nowMs: number): boolean {
  if (subject.expires !== 0 && subject.expires * 1000 < nowMs) return false;
  return safeEqual(signature(secret, subject), sign);
}

const scopeParam = (scope: LinkScope) => (scope === 'order' ? '&scope=order' : '');

/** `/api/files/<id>/<name>?expires=…&sign=…[&scope=order]`: the file, by signed link. */
export function filePath(
  secret: string,
  merchantId: number,
  fileId: number,
  name: string,
  expires: number,
  scope: LinkScope = 'library',
): string {
  const sign = signLink(secret, { merchantId, fileId, variant: 'file', expires, scope });
  return `/api/files/${fileId}/${encodeURIComponent(name)}?expires=${expires}&sign=${sign}${scopeParam(scope)}`;
}

/** `/api/thumbnails/<id>?expires=…&sign=…[&scope=order]`: the thumbnail (or typed icon), by signed link. */
export function thumbnailPath(
  secret: string,
  merchantId: number,
  fileId: number,
  expires: number,
  scope: LinkScope = 'library',
): string {
  const sign = signLink(secret, { merchantId, fileId, variant: 'thumb', expires, scope });
  return `/api/thumbnails/${fileId}?expires=${expires}&sign=${sign}${scopeParam(scope)}`;
}

/** The file id in a FilePath this server made (`/api/files/<id>/…`), or null. */
export function fileIdFromPath(value: string): number | null {
  const match = /^(?:https?:\/\/[^/]+)?\/api\/files\/(\d{1,12})(?:[/?]|$)/.exec(value.trim());
  return match ? Number(match[1]) : null;
}
