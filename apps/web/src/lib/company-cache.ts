import { StorageKey } from '@inkstone/contracts';
import type { CompanyInfo } from '@inkstone/contracts';

/** Company info as cached in localStorage: one copy per host, valid for the calendar day it was fetched. */
interface CachedCompanyInfo {
  date: string;
  host: string;
  info: CompanyInfo;
}

/** The local calendar day, `YYYY-MM-DD`, that stamps the cache (spec §3: cached per day). */
export function dayStamp(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Today's cached company info for `host`, or null when there is none or it is from another day. */
export function findCachedCompanyInfo(storage: Storage, host: string, now: Date): CompanyInfo | null {
  try {
    const raw = storage.getItem(StorageKey.CompanyInfo);
    if (!raw) return null;
    const cached = JSON.parse(raw) as CachedCompanyInfo;
    if (cached.date !== dayStamp(now) || cached.host !== host || !cached.info?.AppId) return null;
    return cached.info;
  } catch {
    return null;
  }
}

export function saveCompanyInfo(storage: Storage, host: string, info: CompanyInfo, now: Date): void {
  const cached: CachedCompanyInfo = { date: dayStamp(now), host, info };
  try {
    storage.setItem(StorageKey.CompanyInfo, JSON.stringify(cached));
  } catch {
    // A full or blocked storage only costs one extra request on the next visit.
  }
}
