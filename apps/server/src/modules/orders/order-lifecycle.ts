/**
 * The order state machine (docs/orders.md). Every transition is one conditional UPDATE — `… WHERE
 * status = <expected>` (and the review state or production mark where they matter) — inside the
 * caller's transaction, followed by an event row naming the actor. When two requests race for
 * the same transition the database lets exactly one of them change the row; the other updates
 * nothing and is told the order moved on. No status can be skipped: each action lists the only
 * statuses it starts from.
 */
import { ORDER_STATUS_NAMES, OrderStatus, type OrderStatus as OrderStatusValue } from '@inkstone/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrderTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOrderState, insertEvent, updateOrderWhere } from './orders.repository.ts';

/** Who did it: the customer, a staff member, the system (auto-cancel) or a payment. */
export interface Actor {
  type: 'customer' | 'staff' | 'system' | 'payment';
  id: number | null;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { type: 'system', id: null, name: '系统' };

/** Every action recorded in an order's history. */
export const OrderAction = {
  Place: 'place',
  Pay: 'pay',
  Approve: 'approve',
  Reject: 'reject',
  Resubmit: 'resubmit',
  StartProduction: 'start_production',
  Ship: 'ship',
  Complete: 'complete',
  Cancel: 'cancel',
  AutoCancel: 'auto_cancel',
  MerchantCancel: 'merchant_cancel',
  AppendFiles: 'append_files',
  AppendRemarks: 'append_remarks',
} as const;
export type OrderAction = (typeof OrderAction)[keyof typeof OrderAction];

export const ORDER_ACTION_NAMES: Record<OrderAction, string> = {
  place: '提交订单',
  pay: '支付成功',
  approve: '审稿通过',
  reject: '稿件退回',
  resubmit: '重新提交稿件',
  start_production: '开始生产',
  ship: '发货',
  complete: '完成',
  cancel: '客户取消',
  auto_cancel: '超时未付款自动取消',
  merchant_cancel: '商家取消',
  append_files: '补传文件',
  append_remarks: '追加备注',
};

interface Transition {
  from: readonly OrderStatusValue[];
  to: OrderStatusValue | 'same';
  /** The review state the order must be in (inside 待审稿). */
  reviewState?: 'pending' | 'rejected';
  /** Only once: production has not been marked started. */
  productionNotStarted?: boolean;
}

/** The transitions, by action. Anything not listed here cannot happen. */
export const TRANSITIONS: Record<Exclude<OrderAction, 'place'>, Transition> = {
  pay: { from: [OrderStatus.Unpaid], to: OrderStatus.Reviewing },
  approve: { from: [OrderStatus.Reviewing], to: OrderStatus.Producing, reviewState: 'pending' },
  reject: { from: [OrderStatus.Reviewing], to: 'same', reviewState: 'pending' },
  resubmit: { from: [OrderStatus.Reviewing], to: 'same', reviewState: 'rejected' },
  start_production: { from: [OrderStatus.Producing], to: 'same', productionNotStarted: true },
  ship: { from: [OrderStatus.Producing], to: OrderStatus.Shipped },
  complete: { from: [OrderStatus.Shipped], to: OrderStatus.Completed },
  cancel: { from: [OrderStatus.Unpaid], to: OrderStatus.Cancelled },
  auto_cancel: { from: [OrderStatus.Unpaid], to: OrderStatus.Cancelled },
  merchant_cancel: {
    from: [OrderStatus.Unpaid, OrderStatus.Reviewing, OrderStatus.Producing],
    to: OrderStatus.Cancelled,
  },
  append_files: { from: [OrderStatus.Unpaid, OrderStatus.Reviewing], to: 'same' },
  append_remarks: {
    from: [OrderStatus.Unpaid, OrderStatus.Reviewing, OrderStatus.Producing, OrderStatus.Shipped],
    to: 'same',
  },
};

export interface TransitionRequest {
  merchantId: number;
  orderId: number;
  action: Exclude<OrderAction, 'place'>;
  /** The status the caller read; the update only happens if the order is still in it. */
  from: number;
  actor: Actor;
  now: number;
  note?: string;
  /** Columns changed along with the status. */
  set?: Updateable<OrderTable>;
}

/** True when `action` may start from status `from`. */
export function canTransition(action: Exclude<OrderAction, 'place'>, from: number): boolean {
  return (TRANSITIONS[action].from as readonly number[]).includes(from);
}

/** The message of a refused transition: what the order is now, and what the action needs. */
export function conflictMessage(
  action: Exclude<OrderAction, 'place'>,
  current: number,
  reviewState?: string,
): string {
  const name = ORDER_STATUS_NAMES[current as OrderStatusValue] ?? '未知';
  const needs = TRANSITIONS[action].from.map((status) => ORDER_STATUS_NAMES[status]).join('、');
  if (current === OrderStatus.Reviewing && reviewState === 'rejected' && action === 'approve')
    return '稿件已退回客户修改，请等待客户重新提交';
  return `订单当前为「${name}」，${ORDER_ACTION_NAMES[action]}需要订单处于「${needs}」`;
}

/**
 * Moves an order by `action` if it is still in `from` (and in the review state the action
 * needs), and records the event. Returns false — and changes nothing — when another request got
 * there first or the order never was in `from`. Call inside a transaction.
 */
export async function transitionOrder(db: Db, request: TransitionRequest): Promise<boolean> {
  const rule = TRANSITIONS[request.action];
  if (!canTransition(request.action, request.from)) return false;
  const to = rule.to === 'same' ? request.from : rule.to;
  const changed = await updateOrderWhere(
    db,
    {
      merchantId: request.merchantId,
      orderId: request.orderId,
      status: request.from,
      reviewState: rule.reviewState,
      productionNotStarted: rule.productionNotStarted,
    },
    { ...request.set, status: to, updated_at: request.now },
  );
  if (!changed) return false;
  await insertEvent(db, {
    merchant_id: request.merchantId,
    order_id: request.orderId,
    action: request.action,
    from_status: request.from,
    to_status: to,
    actor_type: request.actor.type,
    actor_id: request.actor.id,
    actor_name: request.actor.name,
    note: (request.note ?? '').slice(0, 1000),
    created_at: request.now,
  });
  return true;
}

/** Throws OrderStatusConflict naming the status the order is in now (OrderNotFound if none). */
export async function throwConflict(
  db: Db,
  merchantId: number,
  orderId: number,
  action: Exclude<OrderAction, 'place'>,
): Promise<never> {
  const now = await findOrderState(db, merchantId, orderId);
  if (!now) throw new AppError('OrderNotFound');
  throw new AppError('OrderStatusConflict', conflictMessage(action, now.status, now.review_state));
}

/** transitionOrder, or OrderStatusConflict naming the status the order is in now. */
export async function requireTransition(db: Db, request: TransitionRequest): Promise<void> {
  if (await transitionOrder(db, request)) return;
  await throwConflict(db, request.merchantId, request.orderId, request.action);
}
