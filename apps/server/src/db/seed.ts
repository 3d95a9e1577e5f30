import { randomBytes } from 'node:crypto';
import type { Db } from './database.ts';
import { hashPassword, hashToken } from '../lib/crypto.ts';
import { seedDemoCatalogs } from '../modules/products/index.ts';
import { seedDemoStaff } from '../modules/staff/index.ts';
import { seedDemoCoupons } from '../modules/coupons/index.ts';
import { seedDemoExpressCompanies } from '../modules/express/index.ts';
import { seedDemoProductImages, seedDemoSiteContent } from '../modules/website/index.ts';
import { seedDemoSiteLogos } from '../modules/merchants/index.ts';

/** The demo customer of each demo merchant (README lists them). */
export const DEMO_ACCOUNTS = [
  { merchant: 'demo', account: '13800138000', password: 'Demo1234', nickName: '张经理' },
  { merchant: 'maple', account: '13900139000', password: 'Maple1234', nickName: '李老板' },
] as const;

const DEMO_MERCHANTS = [
  {
    code: 'demo',
    name: '墨砚快印',
    website_name: '墨砚快印 · 在线印刷下单',
    theme_preference: 1,
    interface_version: 1,
    service_phone: '0755-8888 6666',
    service_qq: '800012345',
    address: '广东省深圳市南山区科技园南区深南大道 9988 号',
    business_hours: '周一至周六 8:30–20:00',
    icp_number: '粤ICP备2026000001号',
    notice: '每日 17:00 前确认的订单当天排产。',
  },
  {
    code: 'maple',
    name: '红枫图文',
    website_name: '红枫图文 · 图文快印',
    theme_preference: 2,
    interface_version: 4,
    service_phone: '021-6666 8888',
    service_qq: '800067890',
    address: '上海市徐汇区漕溪北路 398 号',
    business_hours: '每天 9:00–21:00',
    icp_number: '沪ICP备2026000002号',
    notice: '大幅面喷绘 24 小时内出货。',
  },
] as const;

/** True when the database holds no merchant yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('merchants').select('id').limit(1).executeTakeFirst();
  return !row;
}

/**
 * Seeds the two demo merchants, each with its public web client, one demo customer and its demo
 * catalogue. Idempotent: a merchant whose code exists is left alone (it still gets its demo
 * catalogue if it has none). `now` is the server clock's time: the demo coupons' windows and
 * every created_at are measured from it, so a server on a test clock seeds for its own date.
 */
export async function seedDemo(db: Db, now: number): Promise<string[]> {
  const created: string[] = [];
  const missing: { merchant: (typeof DEMO_MERCHANTS)[number]; demo: (typeof DEMO_ACCOUNTS)[number] }[] = [];
  for (const merchant of DEMO_MERCHANTS) {
    const exists = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', merchant.code)
      .executeTakeFirst();
    if (!exists) missing.push({ merchant, demo: DEMO_ACCOUNTS.find((a) => a.merchant === merchant.code)! });
  }
  // The demo customers' passwords, hashed side by side (scrypt runs on libuv's threads).
  const passwordHashes = await Promise.all(missing.map(({ demo }) => hashPassword(demo.password)));
  for (const [index, { merchant, demo }] of missing.entries()) {
    const passwordHash = passwordHashes[index]!;
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('merchants')
        .values({
          ...merchant,
          custom_domain: null,
          reader_preview_domain: '',
          is_active: 1,
          is_demo: 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const secret = randomBytes(24).toString('base64url');
      await trx
        .insertInto('api_clients')
        .values({
          merchant_id: id,
          app_id: `web-${merchant.code}`,
          name: '网页客户端',
          secret_hash: hashToken(secret),
          published_secret: secret,
          is_active: 1,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('customers')
        .values({
          merchant_id: id,
          account: demo.account,
          mobile_no: demo.account,
          nick_name: demo.nickName,
          password_hash: passwordHash,
          created_at: now,
          password_changed_at: now,
        })
        .execute();
    });
    created.push(merchant.code);
  }
  // Each demo merchant without a catalogue gets its demo catalogue (docs/catalog.md).
  await seedDemoCatalogs(db, now);
  // Likewise their express companies with fee templates, and their demo coupons.
  await seedDemoExpressCompanies(db, now);
  await seedDemoCoupons(db, now);
  await seedDemoStaff(db, now);
  await seedDemoSiteContent(db, now);
  // Every demo product's picture, also where an earlier seed left them out.
  await seedDemoProductImages(db, now);
  // Each demo merchant's logo, drawn here (docs/site-settings.md).
  await seedDemoSiteLogos(db, now);
  return created;
}
