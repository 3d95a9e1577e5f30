/**
 * Delivery addresses (spec §2 address input, §3 address, §5, §7 Customer;
 * docs/addresses-express-coupons.md). Field names are the spec's: province, city, region,
 * address, citys, contacts, phoneNumber, plus IsDefault and Id. The web's region Cascader takes
 * its tree from `getRegionTree()` of `@inkstone/domain`; no call serves it.
 */
import { z } from 'zod';
import { parseContactPhone, resolveAddressRegion, type AddressRegion } from '@inkstone/domain';
import { INT32_MAX, flagSchema, recordIdSchema } from './commerce-fields.ts';
import { refineSafeText } from '../text-rules.ts';

/** Most delivery addresses one customer keeps. */
export const MAX_DELIVERY_ADDRESSES = 50;
export const ADDRESS_CONTACTS_MAX_LENGTH = 25;
export const ADDRESS_STREET_MAX_LENGTH = 120;

const optionalName = (label: string) =>
  z
    .string({ error: `${label}应为文本` })
    .trim()
    .max(50)
    .superRefine(refineSafeText)
    .nullish()
    .describe(label);

const addressFields = {
  contacts: z
    .string({ error: (issue) => (issue.input === undefined ? '请输入联系人' : '联系人应为文本') })
    .trim()
    .min(1, { error: '请输入联系人' })
    .max(ADDRESS_CONTACTS_MAX_LENGTH, { error: `联系人不能超过${ADDRESS_CONTACTS_MAX_LENGTH}个字` })
    .superRefine(refineSafeText)
    .describe('联系人'),
  phoneNumber: z
    .string({ error: (issue) => (issue.input === undefined ? '请输入手机号码' : '手机号码格式有误') })
    .max(40, { error: '手机号码格式有误' })
    .transform((value, ctx) => {
      const parsed = parseContactPhone(value);
      if (parsed.ok) return parsed.phoneNumber;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    })
    .describe('手机号码，手机号或带区号的固定电话（如 0755-12345678）'),
  province: optionalName('省份'),
  city: optionalName('城市'),
  region: optionalName('区/县'),
  address: z
    .string({ error: (issue) => (issue.input === undefined ? '请输入详细地址' : '详细地址应为文本') })
    .trim()
    .min(1, { error: '请输入详细地址' })
    .max(ADDRESS_STREET_MAX_LENGTH, { error: `详细地址不能超过${ADDRESS_STREET_MAX_LENGTH}个字` })
    .superRefine(refineSafeText)
    .describe('详细地址（街道、门牌，不含省市区）'),
  citys: z
    .array(z.string({ error: '所在地区无效，请重新选择' }).max(20, { error: '所在地区无效，请重新选择' }), {
      error: '所在地区无效，请重新选择',
    })
    .max(3, { error: '所在地区无效，请重新选择' })
    .nullish()
    .describe('所在地区，省市区行政区划代码（Cascader 的值），也可写名称'),
  IsDefault: flagSchema.default(false).describe('设为默认地址'),
};

/** A checked address, ready to store: names and codes of the region agree. */
export interface DeliverGoodsAddressInput {
  contacts: string;
  phoneNumber: string;
  address: string;
  region: AddressRegion;
  IsDefault: boolean;
}

function withRegion<
  T extends {
    citys?: string[] | null;
    province?: string | null;
    city?: string | null;
    region?: string | null;
  },
>(value: T, ctx: z.RefinementCtx): AddressRegion {
  const resolved = resolveAddressRegion(value);
  if (resolved.ok) return resolved.value;
  ctx.addIssue({ code: 'custom', path: [resolved.field], message: resolved.message });
  return z.NEVER;
}

/** POST /api/cust/AddDeliverGoodsAddress. */
export const addDeliverGoodsAddressBodySchema = z
  .object(addressFields)
  .transform((value, ctx): DeliverGoodsAddressInput => ({
    contacts: value.contacts,
    phoneNumber: value.phoneNumber,
    address: value.address,
    IsDefault: value.IsDefault,
    region: withRegion(value, ctx),
  }));
export type AddDeliverGoodsAddressBody = z.output<typeof addDeliverGoodsAddressBodySchema>;

/** What UpdateDeliverGoodsAddress stores; IsDefault null keeps the address's current flag. */
export interface UpdateDeliverGoodsAddressInput extends Omit<DeliverGoodsAddressInput, 'IsDefault'> {
  Id: number;
  IsDefault: boolean | null;
}

/** POST /api/cust/UpdateDeliverGoodsAddress: every field again, with the address's Id. */
export const updateDeliverGoodsAddressBodySchema = z
  .object({
    Id: recordIdSchema('收货地址编号'),
    ...addressFields,
    IsDefault: flagSchema.nullish().describe('设为默认地址，true 设为默认，false 取消默认，不传则保持不变'),
  })
  .transform((value, ctx): UpdateDeliverGoodsAddressInput => ({
    Id: value.Id,
    contacts: value.contacts,
    phoneNumber: value.phoneNumber,
    address: value.address,
    IsDefault: value.IsDefault ?? null,
    region: withRegion(value, ctx),
  }));
export type UpdateDeliverGoodsAddressBody = z.output<typeof updateDeliverGoodsAddressBodySchema>;

/** POST /api/cust/DeleteDeliverGoodsAddress and SetDefaultDeliverGoodsAddress: `{Id}`. */
export const deliverGoodsAddressIdBodySchema = z.object({ Id: recordIdSchema('收货地址编号') });
export type DeliverGoodsAddressIdBody = z.output<typeof deliverGoodsAddressIdBodySchema>;

/** POST /api/cust/QueryDeliverGoodsAddress: the customer's addresses, default first, newest next. */
export const queryDeliverGoodsAddressBodySchema = z.object({
  pageindex: z.number().int().min(0).max(INT32_MAX).default(1).describe('页码（从 1 开始；0 视为第 1 页）'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_DELIVERY_ADDRESSES)
    .default(MAX_DELIVERY_ADDRESSES)
    .describe(`每页条数，默认 ${MAX_DELIVERY_ADDRESSES}（一页即全部）`),
});
export type QueryDeliverGoodsAddressBody = z.output<typeof queryDeliverGoodsAddressBodySchema>;

/** A stored delivery address (spec §3), as every address call returns it. */
export const deliverGoodsAddressSchema = z.object({
  Id: z.number().int().describe('收货地址编号'),
  contacts: z.string().describe('联系人'),
  phoneNumber: z.string().describe('手机号码（11 位）或固定电话（区号-号码[-分机]）'),
  province: z.string().describe('省份，地区表的名称'),
  city: z.string().describe('城市，地区表的名称（直辖市为“市辖区”，港澳为区名）'),
  region: z.string().describe('区/县，地区表的名称（港澳为空）'),
  address: z.string().describe('详细地址'),
  citys: z.array(z.string()).describe('省市区行政区划代码（Cascader 的值）'),
  IsDefault: z.boolean().describe('是否默认地址（每位客户至多一个）'),
  FullAddress: z.string().describe('完整地址，用于显示（省市区 + 详细地址，省略“市辖区”）'),
  CreateTime: z.string().describe('创建时间（ISO 8601）'),
  UpdateTime: z.string().describe('修改时间（ISO 8601）'),
});
export type DeliverGoodsAddress = z.infer<typeof deliverGoodsAddressSchema>;

/** The spec §3 pager around the customer's addresses. */
export const deliverGoodsAddressPageSchema = z.object({
  List: z.array(deliverGoodsAddressSchema),
  PageIndex: z.number().int(),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
  Attach: z.object({
    SumAmount: z.number().describe('金额合计（地址列表恒为 0）'),
    MaxCount: z.number().int().describe('每位客户最多保存的地址数'),
    DefaultId: z.number().int().nullable().describe('默认地址编号；没有默认地址为 null'),
  }),
});
export type DeliverGoodsAddressPage = z.infer<typeof deliverGoodsAddressPageSchema>;

/** Reply of DeleteDeliverGoodsAddress. */
export const deleteDeliverGoodsAddressResultSchema = z.object({
  Id: z.number().int().describe('删除的地址编号'),
  DefaultId: z.number().int().nullable().describe('删除后的默认地址编号'),
});
