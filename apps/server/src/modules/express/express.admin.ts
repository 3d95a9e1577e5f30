/**
 * The console's 物流 section (docs/addresses-express-coupons.md#express-in-the-console): the
 * merchant's express companies and the fee template each is priced by — the very template
 * CalExpressFee and checkout read, so a save counts for the next fee a customer asks for (the
 * rows are read on every call; parsed templates are cached by their text, so a new text is a new
 * entry). Saves of one merchant run one at a time under its lock, each naming the revision it read.
 */
import {
  type SaveExpressCompanyBody,
  type StaffExpressCompany,
  type StaffExpressCompanyList,
} from '@inkstone/contracts';
import { ExpressKind, parseExpressFeeTemplate } from '@inkstone/domain';
import type { ServerContext } from '../../context.ts';
import { withLock } from '../../db/locks.ts';
import { AppError } from '../../lib/app-error.ts';
import { describeTemplate } from './express.mapper.ts';
import {
  clearOtherDefaults,
  findMerchantCompany,
  insertCompany,
  listMerchantCompanies,
  updateCompany,
  type ExpressCompanyRow,
} from './express.repository.ts';
import { templateOf } from './express.service.ts';

/** What the staff routes call for 物流. */
export interface ExpressAdmin {
  list(merchantId: number): Promise<StaffExpressCompanyList>;
  save(merchantId: number, input: SaveExpressCompanyBody): Promise<StaffExpressCompany>;
}

function toStaffCompany(row: ExpressCompanyRow): StaffExpressCompany {
  const template = templateOf(row);
  return {
    Id: row.id,
    Code: row.code,
    Name: row.name,
    IsActive: row.is_active === 1,
    IsDefault: row.is_default === 1,
    SortOrder: row.sort_order,
    Template: template,
    Description: describeTemplate(template),
    Revision: row.revision,
    UpdateTime: new Date(row.updated_at).toISOString(),
  };
}

/** The 物流 calls over the database and the clock. */
export function createExpressAdmin(context: Pick<ServerContext, 'db' | 'clock'>): ExpressAdmin {
  const { db, clock } = context;
  return {
    async list(merchantId) {
      return { List: (await listMerchantCompanies(db, merchantId)).map(toStaffCompany) };
    },

    async save(merchantId, input) {
      const template = parseExpressFeeTemplate(
        input.Template.Kind === ExpressKind.Pickup
          ? { Kind: ExpressKind.Pickup, PickupAddress: input.Template.PickupAddress }
          : { ...input.Template, PickupAddress: '' },
      );
      const id = await withLock(db, `express:${merchantId}`, async (trx) => {
        const now = clock.now();
        const companies = await listMerchantCompanies(trx, merchantId);
        const editing = input.Id === null || input.Id === undefined ? null : input.Id;
        const current = editing === null ? undefined : companies.find((row) => row.id === editing);
        if (editing !== null) {
          if (!current) throw new AppError('ExpressNotFound', '快递方式不存在');
          if (current.revision !== input.Revision) throw new AppError('EditConflict');
        }
        const sameCode = companies.find(
          (row) => row.code.toUpperCase() === input.Code.toUpperCase() && row.id !== editing,
        );
        if (sameCode) {
          throw new AppError(
            'ValidationFailed',
            `快递代码 ${input.Code} 已被「${sameCode.name}」使用，请换一个`,
          );
        }
        const othersActive = companies.some((row) => row.id !== editing && row.is_active === 1);
        if (!input.IsActive && !othersActive) {
          throw new AppError('ValidationFailed', '至少要保留一个启用的快递方式，顾客才能下单');
        }
        if (input.IsDefault) await clearOtherDefaults(trx, merchantId, editing, now);
        const columns = {
          code: input.Code,
          name: input.Name,
          is_self_pickup: template.Kind === ExpressKind.Pickup ? 1 : 0,
          is_default: input.IsDefault ? 1 : 0,
          is_active: input.IsActive ? 1 : 0,
          sort_order: input.SortOrder,
          template_json: JSON.stringify(template),
          updated_at: now,
        };
        if (editing === null) {
          return insertCompany(trx, { ...columns, merchant_id: merchantId, created_at: now });
        }
        if (!(await updateCompany(trx, merchantId, editing, input.Revision!, columns))) {
          throw new AppError('EditConflict');
        }
        return editing;
      });
      const saved = await findMerchantCompany(db, merchantId, id);
      return toStaffCompany(saved!);
    },
  };
}
