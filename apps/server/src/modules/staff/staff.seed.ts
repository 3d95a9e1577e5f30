import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { findStaffByAccount, insertStaff } from './staff.repository.ts';

/**
 * The back-office accounts of the demo merchants (docs/console.md lists them): each merchant's
 * administrator (管理员, every role) first, then one member of each other role on 墨砚快印 (审稿, 生产, 发货, 财务, 客服), so the
 * console's role-aware menu can be tried.
 */
export const DEMO_STAFF = [
  { merchant: 'demo', account: 'admin', password: 'DemoStaff2026', name: '墨砚店长', roles: 'admin' },
  { merchant: 'maple', account: 'admin', password: 'MapleStaff2026', name: '红枫店长', roles: 'admin' },
  { merchant: 'demo', account: 'reviewer', password: 'DemoStaff2026', name: '审稿小陈', roles: 'review' },
  { merchant: 'demo', account: 'producer', password: 'DemoStaff2026', name: '生产老王', roles: 'production' },
  { merchant: 'demo', account: 'shipper', password: 'DemoStaff2026', name: '发货小李', roles: 'shipping' },
  { merchant: 'demo', account: 'finance', password: 'DemoStaff2026', name: '财务小周', roles: 'finance' },
  { merchant: 'demo', account: 'service', password: 'DemoStaff2026', name: '客服小林', roles: 'service' },
] as const;

/**
 * Seeds the demo staff accounts of the demo merchants that exist; idempotent. The passwords are
 * hashed side by side (scrypt runs on libuv's threads), which on a first start takes about half
 * the time of one after another.
 */
export async function seedDemoStaff(db: Db, now: number): Promise<string[]> {
  const missing: { merchantId: number; staff: (typeof DEMO_STAFF)[number] }[] = [];
  for (const staff of DEMO_STAFF) {
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', staff.merchant)
      .executeTakeFirst();
    if (!merchant || (await findStaffByAccount(db, merchant.id, staff.account))) continue;
    missing.push({ merchantId: merchant.id, staff });
  }
  const hashes = await Promise.all(missing.map(({ staff }) => hashPassword(staff.password)));
  const created: string[] = [];
  for (const [index, { merchantId, staff }] of missing.entries()) {
    await insertStaff(db, {
      merchant_id: merchantId,
      account: staff.account,
      name: staff.name,
      password_hash: hashes[index]!,
      roles: staff.roles,
      locked_until: null,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    });
    created.push(`${staff.merchant}/${staff.account}`);
  }
  return created;
}
