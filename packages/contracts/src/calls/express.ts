/**
 * Express companies and shipping fees (spec §3 express company, §7 Express and CalExpressFee;
 * docs/addresses-express-coupons.md). Money is integer fen, weight integer grams.
 */
import { z } from 'zod';
import { MAX_EXPRESS_WEIGHT_GRAMS, findRegion, findRegionPath, isProvinceCode } from '@inkstone/domain';
import { recordIdSchema } from './commerce-fields.ts';

/** Largest order amount a fee is computed for (fen): ¥100,000,000.00. */
export const MAX_EXPRESS_ORDER_FEN = 10_000_000_000;

/** One express company of the merchant (spec §3: Id, Name, IsDefault), with what the web shows. */
export const expressCompanySchema = z.object({
  Id: z.number().int().describe('快递公司编号'),
  Name: z.string().describe('名称，如 顺丰速运、到店自提'),
  IsDefault: z.boolean().describe('是否默认快递（每个商户一个）'),
  Code: z.string().describe('商户内代码，如 SF、ZTO、PICKUP'),
  IsSelfPickup: z.boolean().describe('自提：运费恒为 0，无需收货地区'),
  FreeShippingMinFen: z.number().int().nullable().describe('满额包邮门槛（分）；null 为不包邮'),
  Description: z.string().describe('运费说明，如 满800元包邮（偏远地区、港澳除外）'),
});
export type ExpressCompany = z.infer<typeof expressCompanySchema>;

/** POST /api/v2/s2b.expressinfo.all.post: no fields needed. */
export const expressInfoAllBodySchema = z.object({}).catchall(z.unknown());

/** Reply of s2b.expressinfo.all.post: the merchant's active companies, in display order. */
export const expressCompanyListSchema = z.array(expressCompanySchema);

const destinationFields = {
  ExpressId: recordIdSchema('快递公司编号').nullish().describe('快递公司编号，不传为商户的默认快递'),
  WeightGrams: z
    .number({ error: (issue) => (issue.input === undefined ? '请提供重量（克）' : '重量应为整数（克）') })
    .int({ error: '重量应为整数（克）' })
    .min(0, { error: '重量不能小于0' })
    .max(MAX_EXPRESS_WEIGHT_GRAMS, { error: '重量超过上限 10 吨，请联系商家安排物流' })
    .describe('重量（克）'),
  ProvinceCode: z
    .string({ error: '省份代码无效' })
    .trim()
    .refine((code) => code === '' || (isProvinceCode(code) && findRegion(code) !== undefined), {
      error: '省份代码无效',
    })
    .nullish()
    .describe('省份代码，收货省份，如 440000；传 citys 时可不传'),
  citys: z
    .array(z.string({ error: '收货地区无效' }).trim().max(20, { error: '收货地区无效' }), {
      error: '收货地区无效',
    })
    .max(3, { error: '收货地区无效' })
    .refine((codes) => codes.length === 0 || findRegionPath(codes) !== undefined, { error: '收货地区无效' })
    .nullish()
    .describe('收货地区，省市区行政区划代码（可只到省或市），比省份代码更细的地区可有同城价'),
  OrderAmountFen: z
    .number({ error: '订单金额应为整数（分）' })
    .int({ error: '订单金额应为整数（分）' })
    .min(0, { error: '订单金额不能小于0' })
    .max(MAX_EXPRESS_ORDER_FEN, { error: '订单金额过大' })
    .default(0)
    .describe('订单金额，订单商品金额（分），用于满额包邮'),
};

/** citys, when given with ProvinceCode, must start with it. */
function refineDestination(
  value: { ProvinceCode?: string | null; citys?: string[] | null },
  ctx: z.RefinementCtx,
): void {
  const province = value.ProvinceCode ?? '';
  const first = value.citys?.[0];
  if (province !== '' && first !== undefined && first !== province) {
    ctx.addIssue({ code: 'custom', path: ['ProvinceCode'], message: '省份代码与收货地区不一致' });
  }
}

/** POST /api/v2/s2b.expressfee.cal.post: the fee of a parcel to a destination. */
export const expressFeeBodySchema = z.object(destinationFields).superRefine(refineDestination);
export type ExpressFeeBody = z.output<typeof expressFeeBodySchema>;

/** POST /api/order/CalExpressFee: the same, or to one of the customer's addresses (AddressId). */
export const calExpressFeeBodySchema = z
  .object({
    ...destinationFields,
    AddressId: recordIdSchema('收货地址编号').nullish().describe('收货地址编号，传入时按该地址计算'),
  })
  .superRefine(refineDestination);
export type CalExpressFeeBody = z.output<typeof calExpressFeeBodySchema>;

/** A computed shipping fee and how it is made up. */
export const expressFeeSchema = z.object({
  ExpressId: z.number().int().describe('快递公司编号'),
  ExpressName: z.string().describe('快递公司名称'),
  FeeFen: z.number().int().describe('运费（分），客户应付'),
  BaseFeeFen: z.number().int().describe('包邮前的运费（分）= 首重费 + 续重份数 × 续重费'),
  IsFreeShipping: z.boolean().describe('是否因满额包邮而免运费'),
  IsSelfPickup: z.boolean().describe('是否自提（运费为 0）'),
  ZoneName: z.string().describe('计价区域，如 江浙沪、偏远地区；自提为空'),
  WeightGrams: z.number().int().describe('计费重量（克）'),
  FirstWeightGrams: z.number().int().describe('首重（克）'),
  FirstFeeFen: z.number().int().describe('首重费（分）'),
  AdditionalWeightGrams: z.number().int().describe('续重每份（克）'),
  AdditionalUnits: z.number().int().describe('续重份数（超出首重的部分，不足一份按一份）'),
  AdditionalFeeFen: z.number().int().describe('续重每份费用（分）'),
  FreeShippingMinFen: z.number().int().nullable().describe('满额包邮门槛（分）'),
  Description: z.string().describe('中文说明，如 江浙沪：首重1kg 18元，续重每1kg 6元'),
});
export type ExpressFee = z.infer<typeof expressFeeSchema>;
