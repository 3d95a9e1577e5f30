/**
 * Field schemas shared by the commerce calls (addresses, express, coupons, cart, orders, staff) (not exported from the package
 * index: each call file re-uses them).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../constants.ts';

export const INT32_MAX = 2_147_483_647;

/** A record id: a positive integer, or its digits as text. */
export function recordIdSchema(label: string) {
  const invalid = `${label}无效`;
  return z
    .union(
      [
        z.number({ error: invalid }),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, { error: invalid })
          .transform(Number),
      ],
      { error: (issue) => (issue.input === undefined || issue.input === null ? `请指定${label}` : invalid) },
    )
    .pipe(z.number().int({ error: invalid }).min(1, { error: invalid }).max(INT32_MAX, { error: invalid }))
    .describe(label);
}

/** A yes/no flag sent as true/false or 1/0. */
export const flagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: '应为 true/false 或 1/0' })
  .transform((value) => value === true || value === 1);

/** `pageindex` of a paged list: pages count from 1; 0 is read as the first page (spec §9). */
export const pageIndexSchema = z
  .number({ error: '页码应为整数' })
  .int({ error: '页码应为整数' })
  .min(0, { error: '页码应为整数' })
  .max(INT32_MAX, { error: '页码过大' })
  .default(1)
  .describe('页码（从 1 开始；0 视为第 1 页）');

/** The spec §3 pager around `item`, with `SumAmount` and further `attach` fields in Attach. */
export function pagerSchema<T extends z.ZodType, A extends z.ZodRawShape>(item: T, attach: A) {
  return z.object({
    List: z.array(item),
    PageIndex: z.number().int().describe('页码（从 1 开始）'),
    Limit: z.number().int().describe('每页条数'),
    PageCount: z.number().int().describe('总页数'),
    TotalCount: z.number().int().describe('总条数'),
    Attach: z.object({ SumAmount: z.number().describe('金额合计（分）'), ...attach }),
  });
}

/** A positive database id with a Chinese message naming it. */
export function idSchema(label: string) {
  return z
    .number({ error: `请指定${label}` })
    .int({ error: `${label}无效` })
    .min(1, { error: `${label}无效` })
    .max(INT32_MAX, { error: `${label}无效` })
    .describe(label);
}

/** Page number and size of a spec §3 pager (spec §9: first page 1, default size 10). */
export function pagingFields(maxLimit = 100) {
  return {
    pageindex: z.number().int().min(1).max(INT32_MAX).default(FIRST_PAGE).describe('页码（从 1 开始）'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(maxLimit)
      .default(DEFAULT_PAGE_SIZE)
      .describe(`每页条数（1–${maxLimit}）`),
  };
}

/** The delivery address as it was at checkout (spec §3 address fields). */
export const orderAddressSchema = z.object({
  Contacts: z.string().describe('收货人'),
  PhoneNumber: z.string().describe('联系电话'),
  Province: z.string(),
  City: z.string(),
  Region: z.string(),
  Address: z.string().describe('详细地址'),
  Citys: z.array(z.string()).describe('省市区行政区划代码'),
  ProvinceCode: z.string().describe('省级行政区划代码（计算运费用）'),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;
