import type { Selectable } from 'kysely';
import type { MerchantTable } from '../db/schema.ts';

/** A merchant's company code: its sub-domain label. */
export const MERCHANT_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** A merchant (tenant): one print shop's site, catalogue, customers and settings. */
export type Merchant = Selectable<MerchantTable>;

/** Finds the merchant a request's host (and `domainname` header) names; cached briefly. */
export interface MerchantDirectory {
  resolve(host: string, headerCode: string | undefined): Promise<{ merchant?: Merchant; mismatch: boolean }>;
  /** `resolve`'s answer when the cache holds it (no waiting), else undefined. */
  resolveCached(
    host: string,
    headerCode: string | undefined,
  ): { merchant?: Merchant; mismatch: boolean } | undefined;
  /** Drops every cached entry (after a merchant is changed in this process). */
  clear(): void;
}
