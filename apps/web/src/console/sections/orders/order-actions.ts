import {
  OrderStatus,
  ReviewState,
  mayMakeStaffCall,
  type StaffCallName,
  type StaffOrder,
  type StaffRole,
} from '@inkstone/contracts';

/** An operation the console offers on one order. */
export type OrderActionName = 'approve' | 'reject' | 'startProduction' | 'ship' | 'complete' | 'cancel';

/** Each operation's button label and the staff call that makes it. */
export const ORDER_ACTIONS: Record<OrderActionName, { label: string; call: StaffCallName }> = {
  approve: { label: '审稿通过', call: 'ApproveArtwork' },
  reject: { label: '退回重传', call: 'RejectArtwork' },
  startProduction: { label: '开始生产', call: 'StartProduction' },
  ship: { label: '发货', call: 'ShipOrder' },
  complete: { label: '完成', call: 'CompleteOrder' },
  cancel: { label: '取消订单', call: 'CancelOrder' },
};

type ActionableOrder = Pick<StaffOrder, 'Status' | 'ReviewState' | 'ProductionStartedAt'>;

/**
 * What an order's status allows (the server's transitions, docs/orders.md): artwork waiting for
 * review is approved or sent back; production is marked started once; a 生产中 order ships, a
 * shipped one completes; anything not yet shipped may be cancelled (a paid one with a refund).
 */
export function actionsByStatus(order: ActionableOrder): OrderActionName[] {
  switch (order.Status) {
    case OrderStatus.Unpaid:
      return ['cancel'];
    case OrderStatus.Reviewing:
      return order.ReviewState === ReviewState.Pending ? ['approve', 'reject', 'cancel'] : ['cancel'];
    case OrderStatus.Producing:
      return order.ProductionStartedAt ? ['ship', 'cancel'] : ['startProduction', 'ship', 'cancel'];
    case OrderStatus.Shipped:
      return ['complete'];
    default:
      return [];
  }
}

/** The operations on `order` that its status allows and the member's roles cover. */
export function availableActions(order: ActionableOrder, roles: readonly StaffRole[]): OrderActionName[] {
  return actionsByStatus(order).filter((action) => mayMakeStaffCall(roles, ORDER_ACTIONS[action].call));
}

/** True when cancelling refunds the customer (paid orders: 待审稿, 生产中). */
export function isRefundedOnCancel(order: Pick<StaffOrder, 'Status' | 'TotalFen'>): boolean {
  return (
    (order.Status === OrderStatus.Reviewing || order.Status === OrderStatus.Producing) && order.TotalFen > 0
  );
}

/** The colour of a status tag. */
export function statusColour(status: number): string {
  switch (status) {
    case OrderStatus.Unpaid:
      return 'gold';
    case OrderStatus.Reviewing:
      return 'orange';
    case OrderStatus.Producing:
      return 'blue';
    case OrderStatus.Shipped:
      return 'cyan';
    case OrderStatus.Completed:
      return 'green';
    default:
      return 'default';
  }
}
