/**
 * The console's 物流 section (staff calls QueryExpressCompanies, SaveExpressCompany;
 * docs/addresses-express-coupons.md#express-in-the-console). The template is exactly what the
 * customer's fee is computed from (`expressFeeTemplateSchema` of `@inkstone/domain`), here with
 * Chinese messages naming the field. Money is integer fen, weight integer grams.
 */
import { z } from 'zod';
import {
  MAX_EXPRESS_TEMPLATE_FEN,
  MAX_EXPRESS_WEIGHT_GRAMS,
  findRegion,
  findRegionName,
} from '@inkstone/domain';
import { INT32_MAX } from './commerce-fields.ts';

function fenSchema(label: string) {
  return z
    .number({ error: `请填写${label}（分）` })
    .int({ error: `${label}应为整数（分）` })
    .min(0, { error: `${label}不能小于0` })
    .max(MAX_EXPRESS_TEMPLATE_FEN, { error: `${label}不能超过10万元` })
    .describe(`${label}（分）`);
}

function gramsSchema(label: string) {
  return z
    .number({ error: `请填写${label}（克）` })
    .int({ error: `${label}应为整数（克）` })
    .min(1, { error: `${label}至少1克` })
    .max(MAX_EXPRESS_WEIGHT_GRAMS, { error: `${label}不能超过10吨` })
    .describe(`${label}（克）`);
}

const regionCodeSchema = z
  .string({ error: '地区代码无效' })
  .refine((code) => /^\d{6}(?:\d{3})?$/.test(code) && findRegion(code) !== undefined, {
    error: (issue) => `地区代码 ${String(issue.input).slice(0, 12)} 不在全国行政区划表中`,
  })
  .describe('地区代码');

const zonePriceShape = {
  Name: z
    .string({ error: '请填写区域名称' })
    .trim()
    .min(1, { error: '请填写区域名称，如 江浙沪' })
    .max(30, { error: '区域名称不能超过30个字' })
    .describe('区域名称'),
  FirstWeightGrams: gramsSchema('首重'),
  FirstFeeFen: fenSchema('首重价格'),
  AdditionalWeightGrams: gramsSchema('续重每份重量'),
  AdditionalFeeFen: fenSchema('续重价格'),
  ExcludeFromFreeShipping: z
    .boolean({ error: '不参与包邮应为是或否' })
    .default(false)
    .describe('不参与包邮，偏远地区满额也收运费'),
};

/** One price zone: a group of provinces (or cities, districts) with its first/additional prices. */
export const staffExpressZoneSchema = z.object({
  ...zonePriceShape,
  RegionCodes: z
    .array(regionCodeSchema, { error: '请选择区域包含的地区' })
    .min(1, { error: '请为区域选择至少一个地区' })
    .max(500, { error: '一个区域最多500个地区' })
    .describe('地区，省、市或区县代码'),
});

/** The fields of a fee template (as stored and read back; a save is checked further). */
const expressTemplateFieldsSchema = z.object({
  Kind: z
    .enum(['delivery', 'pickup'], { error: '配送方式应为 快递 或 自提' })
    .describe('配送方式，delivery 快递，pickup 自提'),
  FreeShippingMinFen: fenSchema('包邮门槛')
    .nullable()
    .default(null)
    .describe('包邮门槛（分）：订单商品金额满此数免运费；null 为不包邮'),
  Zones: z
    .array(staffExpressZoneSchema)
    .max(100, { error: '计费区域最多100个' })
    .default([])
    .describe('计费区域'),
  OtherZone: z
    .object(zonePriceShape)
    .nullable()
    .default(null)
    .describe('其他地区的价格；null 为其他地区不配送'),
  ExcludedRegionCodes: z
    .array(regionCodeSchema)
    .max(500, { error: '不配送地区最多500个' })
    .default([])
    .describe('不配送地区'),
  PickupAddress: z
    .string({ error: '自提地址无效' })
    .trim()
    .max(120, { error: '自提地址不能超过120个字' })
    .default('')
    .describe('自提地址'),
});

/** The fee template as the console writes it. */
export const staffExpressTemplateSchema = expressTemplateFieldsSchema.superRefine((template, ctx) => {
  if (template.Kind === 'pickup') {
    if (template.PickupAddress === '') {
      ctx.addIssue({ code: 'custom', path: ['PickupAddress'], message: '请填写自提地址' });
    }
    return;
  }
  const owner = new Map<string, string>();
  for (const code of template.ExcludedRegionCodes) owner.set(code, '不配送地区');
  template.Zones.forEach((zone, index) => {
    for (const code of zone.RegionCodes) {
      const other = owner.get(code);
      if (other !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['Zones', index, 'RegionCodes'],
          message: `地区「${findRegionName(code) ?? code}」同时在「${other}」和「${zone.Name}」中，请只选一处`,
        });
        return;
      }
      owner.set(code, zone.Name);
    }
  });
  if (template.Zones.length === 0 && template.OtherZone === null) {
    ctx.addIssue({ code: 'custom', path: ['Zones'], message: '请至少设置一个计费区域或“其他地区”的价格' });
  }
});
export type StaffExpressTemplate = z.output<typeof staffExpressTemplateSchema>;

/** A company as the console edits it. */
export const staffExpressCompanySchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  IsActive: z.boolean(),
  IsDefault: z.boolean(),
  SortOrder: z.number().int(),
  Template: expressTemplateFieldsSchema,
  Description: z.string().describe('顾客看到的运费说明'),
  Revision: z.number().int(),
  UpdateTime: z.string(),
});
export type StaffExpressCompany = z.infer<typeof staffExpressCompanySchema>;

export const staffExpressCompanyListSchema = z.object({ List: z.array(staffExpressCompanySchema) });
export type StaffExpressCompanyList = z.infer<typeof staffExpressCompanyListSchema>;

/** POST /api/staff/QueryExpressCompanies: every company of the merchant, active or not. */
export const queryExpressCompaniesBodySchema = z.object({}).catchall(z.unknown());

/** POST /api/staff/SaveExpressCompany: a new company (no `Id`), or `Id` as read at `Revision`. */
export const saveExpressCompanyBodySchema = z
  .object({
    Id: z
      .number({ error: '快递公司编号无效' })
      .int({ error: '快递公司编号无效' })
      .min(1, { error: '快递公司编号无效' })
      .max(INT32_MAX, { error: '快递公司编号无效' })
      .nullish()
      .describe('快递公司编号，不传为新增'),
    Revision: z
      .number({ error: '请带上读取时的版本号' })
      .int({ error: '版本号无效' })
      .min(1, { error: '版本号无效' })
      .max(INT32_MAX, { error: '版本号无效' })
      .nullish()
      .describe('版本号，读取时的版本号；其间已被他人保存则拒绝'),
    Code: z
      .string({ error: '请填写快递代码' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,20}$/, { error: '快递代码应为1–20位字母、数字、- 或 _，如 SF' })
      .describe('快递代码'),
    Name: z
      .string({ error: '请填写快递名称' })
      .trim()
      .min(1, { error: '请填写快递名称' })
      .max(20, { error: '快递名称不能超过20个字' })
      .describe('快递名称'),
    IsActive: z.boolean({ error: '启用应为是或否' }).describe('启用'),
    IsDefault: z.boolean({ error: '默认快递应为是或否' }).default(false).describe('默认快递'),
    SortOrder: z
      .number({ error: '排序应为整数' })
      .int({ error: '排序应为整数' })
      .min(0, { error: '排序不能小于0' })
      .max(9999, { error: '排序不能超过9999' })
      .default(0)
      .describe('排序，小的在前'),
    Template: staffExpressTemplateSchema.describe('运费模板'),
  })
  .superRefine((company, ctx) => {
    if (
      company.Id !== null &&
      company.Id !== undefined &&
      (company.Revision === null || company.Revision === undefined)
    ) {
      ctx.addIssue({ code: 'custom', path: ['Revision'], message: '请带上读取时的版本号' });
    }
    if (company.IsDefault && !company.IsActive) {
      ctx.addIssue({
        code: 'custom',
        path: ['IsDefault'],
        message: '默认快递不能停用，请先把其他快递设为默认',
      });
    }
  });
export type SaveExpressCompanyBody = z.output<typeof saveExpressCompanyBodySchema>;
export type SaveExpressCompanyInput = z.input<typeof saveExpressCompanyBodySchema>;
