import type { Db } from '../../db/database.ts';
import type { TokenStore } from '../../lib/tokens.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken } from '../../lib/crypto.ts';
import {
  findAccessTokenWithCustomer,
  findAppToken,
  revokeAccessToken,
  revokeCustomerTokens,
} from './tokens.repository.ts';

type AppTokenRow = Awaited<ReturnType<typeof findAppToken>>;
type AccessTokenRow = Awaited<ReturnType<typeof findAccessTokenWithCustomer>>;

interface Entry<V> {
  value: V;
  storedAt: number;
}

/** A bounded map whose entries are forgotten `ttlMs` after they were stored. */
class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, storedAt: this.clock.now() });
  }

  deleteWhere(predicate: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (predicate(entry.value)) this.entries.delete(key);
  }
}

/**
 * Looks tokens up for every authenticated call, keeping what it read for a few seconds: the two
 * look-ups otherwise cost more than the rest of a small call. Expiry is still checked against
 * the stored time on every call, and a revocation made through this object (logout, password
 * change or reset) is seen at once on this instance; other instances see it within `ttlMs`.
 */
export class TokenVerifier implements TokenStore {
  private readonly appTokens: TtlCache<NonNullable<AppTokenRow> & { merchantId: number }>;
  private readonly accessTokens: TtlCache<NonNullable<AccessTokenRow> & { tokenHash: string }>;

  constructor(
    private readonly db: Db,
    clock: Clock,
    ttlMs = 5_000,
    maxEntries = 50_000,
  ) {
    this.appTokens = new TtlCache(clock, ttlMs, maxEntries);
    this.accessTokens = new TtlCache(clock, ttlMs, maxEntries);
  }

  /**
   * The app token's row if it exists for this merchant. The cache is keyed by the token as sent,
   * so a hit costs no hashing; only the database sees the hash.
   */
  async findAppToken(merchantId: number, token: string): Promise<AppTokenRow> {
    const cached = this.cachedAppToken(merchantId, token);
    if (cached) return cached;
    const row = await findAppToken(this.db, merchantId, hashToken(token));
    if (row) this.appTokens.set(token, { ...row, merchantId });
    return row;
  }

  /** The app token's row as `findAppToken` answers it, when the cache holds it; else undefined. */
  cachedAppToken(merchantId: number, token: string): AppTokenRow {
    const cached = this.appTokens.get(token);
    return cached && cached.merchantId === merchantId ? cached : undefined;
  }

  /** The access token's row with its customer and the token's hash, if the token exists (any merchant). */
  async findAccessToken(
    token: string,
  ): Promise<(NonNullable<AccessTokenRow> & { tokenHash: string }) | undefined> {
    const cached = this.cachedAccessToken(token);
    if (cached) return cached;
    const tokenHash = hashToken(token);
    const row = await findAccessTokenWithCustomer(this.db, tokenHash);
    if (!row) return undefined;
    const entry = { ...row, tokenHash };
    this.accessTokens.set(token, entry);
    return entry;
  }

  /** The access token's row as `findAccessToken` answers it, when the cache holds it; else undefined. */
  cachedAccessToken(token: string): (NonNullable<AccessTokenRow> & { tokenHash: string }) | undefined {
    return this.accessTokens.get(token);
  }

  /** Logout: revokes one access token. */
  async revokeToken(merchantId: number, tokenHash: string, now: number): Promise<void> {
    await revokeAccessToken(this.db, merchantId, tokenHash, now);
    this.accessTokens.deleteWhere((row) => row.tokenHash === tokenHash);
  }

  /** Password change or reset: revokes every session of the customer but `exceptHash`. */
  async revokeCustomer(customerId: number, now: number, exceptHash?: string): Promise<void> {
    await revokeCustomerTokens(this.db, customerId, now, exceptHash);
    this.accessTokens.deleteWhere((row) => row.customer_id === customerId && row.tokenHash !== exceptHash);
  }

  /** Nickname or avatar changed: the customer's sessions are looked up afresh. */
  forgetCustomer(customerId: number): void {
    this.accessTokens.deleteWhere((row) => row.customer_id === customerId);
  }
}
