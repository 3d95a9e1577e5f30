import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { MERCHANT_CODE_PATTERN, type Merchant, type MerchantDirectory } from '../../lib/merchant.ts';
import { findMerchantByCode, findMerchantByCustomDomain } from './merchants.repository.ts';

/** What a host name says about the merchant, before any database look-up. */
export type HostKind =
  { kind: 'generic' } | { kind: 'code'; code: string } | { kind: 'custom'; domain: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Lower-cases a Host header value and drops the port. */
export function normaliseHost(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  return lower.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * Host → merchant rule (DESIGN.md): `<code>.<BASE_DOMAIN>` and `<code>.localhost` name a merchant
 * by company code; localhost, 127.0.0.1 and the bare base domain are generic (the default
 * merchant, or the `domainname` header); anything else is looked up as a custom domain.
 */
export function classifyHost(rawHost: string, baseDomain: string): HostKind {
  const host = normaliseHost(rawHost);
  if (LOCAL_HOSTS.has(host) || host === baseDomain) return { kind: 'generic' };
  for (const suffix of new Set([`.${baseDomain}`, '.localhost'])) {
    if (host.endsWith(suffix)) {
      const label = host.slice(0, -suffix.length);
      if (MERCHANT_CODE_PATTERN.test(label)) return { kind: 'code', code: label };
      return { kind: 'custom', domain: host };
    }
  }
  return { kind: 'custom', domain: host };
}

/** How many Host values' classification is kept (any client may send any Host). */
const MAX_REMEMBERED_HOSTS = 1_000;

interface CacheEntry {
  merchant: Merchant | undefined;
  loadedAt: number;
}

/**
 * Resolves merchants with a short-lived cache: merchants change rarely and every request needs
 * one. Entries live `ttlMs`, so a change made on one instance is seen by all within that time.
 */
export class MerchantResolver implements MerchantDirectory {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly hostKinds = new Map<string, HostKind>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly baseDomain: string,
    private readonly defaultCode: string,
    private readonly ttlMs = 30_000,
  ) {}

  /** The merchant a host (plus an optional company-code header) names; undefined when none. */
  async resolve(
    host: string,
    headerCode: string | undefined,
  ): Promise<{ merchant?: Merchant; mismatch: boolean }> {
    const kind = this.classify(host);
    const wanted = headerCode?.trim().toLowerCase() || undefined;
    if (kind.kind === 'generic') {
      return { merchant: await this.byCode(wanted ?? this.defaultCode), mismatch: false };
    }
    const merchant = kind.kind === 'code' ? await this.byCode(kind.code) : await this.byDomain(kind.domain);
    return { merchant, mismatch: Boolean(merchant && wanted && wanted !== merchant.code) };
  }

  /**
   * What `resolve` would answer, when it can be answered from the cache without waiting; undefined
   * when the database must be asked. Every request asks, so the answer comes without a promise.
   */
  resolveCached(
    host: string,
    headerCode: string | undefined,
  ): { merchant?: Merchant; mismatch: boolean } | undefined {
    const kind = this.classify(host);
    const wanted = headerCode?.trim().toLowerCase() || undefined;
    const code =
      kind.kind === 'generic' ? (wanted ?? this.defaultCode) : kind.kind === 'code' ? kind.code : null;
    if (code !== null && !MERCHANT_CODE_PATTERN.test(code)) {
      return { merchant: undefined, mismatch: false };
    }
    const hit = this.cache.get(
      code === null ? `domain:${(kind as { domain: string }).domain}` : `code:${code}`,
    );
    if (!hit || this.clock.now() - hit.loadedAt >= this.ttlMs) return undefined;
    const merchant = hit.merchant;
    if (kind.kind === 'generic') return { merchant, mismatch: false };
    return { merchant, mismatch: Boolean(merchant && wanted && wanted !== merchant.code) };
  }

  /** Drops every cached entry (after a merchant is changed in this process). */
  clear(): void {
    this.cache.clear();
  }

  /** classifyHost, remembered per Host value (a bounded number of them). */
  private classify(host: string): HostKind {
    let kind = this.hostKinds.get(host);
    if (!kind) {
      kind = classifyHost(host, this.baseDomain);
      if (this.hostKinds.size >= MAX_REMEMBERED_HOSTS) this.hostKinds.clear();
      this.hostKinds.set(host, kind);
    }
    return kind;
  }

  private byCode(code: string): Promise<Merchant | undefined> {
    if (!MERCHANT_CODE_PATTERN.test(code)) return Promise.resolve(undefined);
    return this.cached(`code:${code}`, () => findMerchantByCode(this.db, code));
  }

  private byDomain(domain: string): Promise<Merchant | undefined> {
    return this.cached(`domain:${domain}`, () => findMerchantByCustomDomain(this.db, domain));
  }

  private async cached(
    key: string,
    load: () => Promise<Merchant | undefined>,
  ): Promise<Merchant | undefined> {
    const now = this.clock.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.loadedAt < this.ttlMs) return hit.merchant;
    const merchant = await load();
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { merchant, loadedAt: now });
    return merchant;
  }
}
