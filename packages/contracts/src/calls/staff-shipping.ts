/**
 * 批量发货 on the console's order board (docs/console.md, "Batch shipping"): the dialog's data
 * (staff BatchShipForm) and the shipment of each order with its own tracking number (staff
 * BatchShipOrders). The rules of a tracking number are ShipOrder's, checked here for both.
 */
import { z } from 'zod';
import { refineSafeText } from '../text-rules.ts';
import { idSchema } from './commerce-fields.ts';
import { orderIdSchema } from './orders.ts';
import { BATCH_ORDER_ACTION_MAX } from './staff-audit.ts';
import { orderCustomerSchema } from './staff.ts';

/** The longest tracking number a shipment takes (ShipOrder's limit). */
export const TRACKING_NO_MAX_LENGTH = 40;
const TRACKING_NO_PATTERN = /^[A-Za-z0-9-]+$/;

/**
 * What is wrong with a tracking number as typed (already trimmed), or null when it is fine.
 * `required` is false for an order collected at the shop (到店自提), which may go without one.
 */
export function trackingNoProblem(trackingNo: string, required: boolean): string | null {
  if (trackingNo === '') return required ? '请填写快递单号' : null;
  if (trackingNo.length > TRACKING_NO_MAX_LENGTH) return `快递单号最多 ${TRACKING_NO_MAX_LENGTH} 个字符`;
  if (!TRACKING_NO_PATTERN.test(trackingNo)) return '快递单号只能包含字母、数字和连字符';
  return null;
}

/**
 * The key two tracking numbers are compared by (a batch refuses the same number twice): case and
 * surrounding spaces do not make a number another one.
 */
export function trackingNoKey(trackingNo: string): string {
  return trackingNo.trim().toUpperCase();
}

const batchOrderIdsSchema = z
  .array(idSchema('订单编号'), { error: '订单编号应为数组' })
  .min(1, { error: '请选择订单' })
  .max(BATCH_ORDER_ACTION_MAX, { error: `一次最多处理 ${BATCH_ORDER_ACTION_MAX} 个订单` });

/** POST /api/staff/BatchShipForm — the ticked orders as the 批量发货 dialog lists them. */
export const batchShipFormBodySchema = z.object({
  OrderIds: batchOrderIdsSchema.describe('要发货的订单（本商户的订单；重复的只列一次）'),
});
export type BatchShipFormBody = z.infer<typeof batchShipFormBodySchema>;

/** An order of the 批量发货 dialog: who it goes to, how, and whether it can ship now. */
export const batchShipFormOrderSchema = z.object({
  Id: z.number().int(),
  OrderNo: z.string(),
  Status: z.number().int(),
  StatusName: z.string(),
  Customer: orderCustomerSchema,
  Contacts: z.string().describe('收货人'),
  PhoneNumber: z.string().describe('收货人电话'),
  AddressSummary: z.string().describe('省市区与详细地址（到店自提：自提地址）'),
  ExpressCompanyName: z.string().describe('客户下单时所选的快递公司'),
  IsSelfPickup: z.boolean().describe('到店自提：无需快递单号'),
  CanShip: z.boolean().describe('订单处于生产中，可以发货'),
  Reason: z.string().describe('不能发货的原因（与发货时的提示相同）；可以发货时为空'),
});
export type BatchShipFormOrder = z.infer<typeof batchShipFormOrderSchema>;

export const batchShipFormSchema = z.object({
  Orders: z.array(batchShipFormOrderSchema).describe('按请求的顺序；不存在或其他商户的订单不列出'),
  Carriers: z.array(z.string()).describe('可选的快递公司：商户启用的快递公司（不含到店自提），按后台排序'),
});
export type BatchShipForm = z.infer<typeof batchShipFormSchema>;

/** One order of a batch shipment. */
export const batchShipItemSchema = z.object({
  OrderId: orderIdSchema,
  TrackingNo: z
    .string({ error: '快递单号应为文字' })
    .trim()
    .default('')
    .describe('快递单号（到店自提的订单可为空）'),
  ExpressCompanyName: z
    .string()
    .trim()
    .max(50, { error: '快递公司最多 50 个字' })
    .superRefine(refineSafeText)
    .nullish()
    .describe('实际承运的快递公司；省略为客户下单时所选'),
});
export type BatchShipItem = z.infer<typeof batchShipItemSchema>;

/**
 * POST /api/staff/BatchShipOrders — each order with its own tracking number. A malformed number,
 * the same number or the same order twice refuses the whole request (nothing shipped), naming the
 * row; whether an order may ship is then each order's own answer.
 */
export const batchShipOrdersBodySchema = z.object({
  Items: z
    .array(batchShipItemSchema, { error: '发货的订单应为数组' })
    .min(1, { error: '请选择订单' })
    .max(BATCH_ORDER_ACTION_MAX, { error: `一次最多处理 ${BATCH_ORDER_ACTION_MAX} 个订单` })
    .superRefine((items, context) => {
      const orders = new Map<number, number>();
      const numbers = new Map<string, number>();
      items.forEach((item, index) => {
        const row = `第 ${index + 1} 个订单`;
        const problem = trackingNoProblem(item.TrackingNo, false);
        if (problem) {
          context.addIssue({ code: 'custom', path: [index, 'TrackingNo'], message: `${row}：${problem}` });
        }
        const sameOrder = orders.get(item.OrderId);
        if (sameOrder !== undefined) {
          context.addIssue({
            code: 'custom',
            path: [index, 'OrderId'],
            message: `${row}的订单编号与第 ${sameOrder + 1} 个相同，同一个订单只能发货一次`,
          });
        }
        orders.set(item.OrderId, index);
        if (item.TrackingNo === '') return;
        const key = trackingNoKey(item.TrackingNo);
        const sameNumber = numbers.get(key);
        if (sameNumber !== undefined) {
          context.addIssue({
            code: 'custom',
            path: [index, 'TrackingNo'],
            message: `${row}的快递单号 ${item.TrackingNo} 与第 ${sameNumber + 1} 个重复`,
          });
        }
        numbers.set(key, index);
      });
    })
    .describe('要发货的订单（各带自己的快递单号）'),
});
export type BatchShipOrdersBody = z.infer<typeof batchShipOrdersBodySchema>;
