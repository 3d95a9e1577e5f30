import { DEMO_EXPRESS_COMPANIES, ExpressKind, parseExpressFeeTemplate } from '@inkstone/domain';
import type { Db } from '../../db/database.ts';
import { hasCompanies, insertCompany } from './express.repository.ts';

/**
 * Gives each demo merchant that exists and has no express company yet its demo companies
 * (顺丰 / 中通 / 圆通 / 自提 with their fee templates). Returns the codes that got them.
 */
export async function seedDemoExpressCompanies(db: Db, now: number): Promise<string[]> {
  const seeded: string[] = [];
  for (const [code, companies] of Object.entries(DEMO_EXPRESS_COMPANIES)) {
    const merchant = await db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!merchant || (await hasCompanies(db, merchant.id))) continue;
    await db.transaction().execute(async (trx) => {
      for (const [index, company] of companies.entries()) {
        const template = parseExpressFeeTemplate(company.Template);
        await insertCompany(trx, {
          merchant_id: merchant.id,
          code: company.Code,
          name: company.Name,
          is_self_pickup: template.Kind === ExpressKind.Pickup ? 1 : 0,
          is_default: company.IsDefault ? 1 : 0,
          is_active: 1,
          sort_order: (index + 1) * 10,
          template_json: JSON.stringify(template),
          created_at: now,
          updated_at: now,
        });
      }
    });
    seeded.push(code);
  }
  return seeded;
}
