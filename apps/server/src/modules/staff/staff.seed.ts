import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { findStaffByAccount, insertStaff } from './staff.repository.ts';

/** The back-office account of each demo merchant, with every role (docs/orders.md lists them). */
export const DEMO_STAFF = [
  { merchant: 'demo', account: 'admin', password: 'DemoStaff2026', name: '墨砚店长' },
  { merchant: 'maple', account: 'admin', password: 'MapleStaff2026', name: '红枫店长' },
] as const;

/** Seeds the demo staff accounts of the demo merchants that exist; idempotent. */
export async function seedDemoStaff(db: Db, now: number): Promise<string[]> {
  const created: string[] = [];
  for (const staff of DEMO_STAFF) {
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', staff.merchant)
      .executeTakeFirst();
    if (!merchant || (await findStaffByAccount(db, merchant.id, staff.account))) continue;
    await insertStaff(db, {
      merchant_id: merchant.id,
      account: staff.account,
      name: staff.name,
      password_hash: await hashPassword(staff.password),
      roles: 'admin',
      locked_until: null,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    });
    created.push(`${staff.merchant}/${staff.account}`);
  }
  return created;
}
