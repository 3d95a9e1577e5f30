import {
  mayMakeStaffCall,
  type BatchOrderActionResult,
  type StaffCallName,
  type StaffRole,
} from '@inkstone/contracts';

/** A step the board makes on every ticked order (each order on its own, docs/console.md). */
export interface BatchAction {
  call: Extract<StaffCallName, 'BatchApproveArtwork' | 'BatchStartProduction' | 'BatchCompleteOrders'>;
  label: string;
  /** What the confirmation asks. */
  confirm: (count: number) => string;
}

export const BATCH_ACTIONS: readonly BatchAction[] = [
  {
    call: 'BatchApproveArtwork',
    label: '批量审稿通过',
    confirm: (count) => `将已选的 ${count} 个订单审稿通过并进入生产？不在待审核的订单会被跳过。`,
  },
  {
    call: 'BatchStartProduction',
    label: '批量开始生产',
    confirm: (count) => `将已选的 ${count} 个订单记录为开始生产？不在生产中或已开始的订单会被跳过。`,
  },
  {
    call: 'BatchCompleteOrders',
    label: '批量完成',
    confirm: (count) => `将已选的 ${count} 个订单标记为已完成？未发货的订单会被跳过。`,
  },
];

/** The batch steps a member with `roles` may make (管理员 all). */
export function batchActionsFor(roles: readonly StaffRole[]): BatchAction[] {
  return BATCH_ACTIONS.filter((action) => mayMakeStaffCall(roles, action.call));
}

/** One line of a batch's result: the order, and what happened to it. */
export interface BatchLine {
  key: number;
  order: string;
  done: boolean;
  text: string;
}

/** The headline and the lines of a batch's result, refused orders first (they need a look). */
export function batchOutcome(result: BatchOrderActionResult): { title: string; lines: BatchLine[] } {
  const title =
    result.RefusedCount === 0
      ? `${result.DoneCount} 个订单全部成功`
      : `成功 ${result.DoneCount} 个，未处理 ${result.RefusedCount} 个`;
  const lines = result.Results.map((item) => ({
    key: item.OrderId,
    order: item.OrderNo || `订单 #${item.OrderId}`,
    done: item.Done,
    text: item.Done ? '成功' : item.Message,
  }));
  return { title, lines: [...lines.filter((line) => !line.done), ...lines.filter((line) => line.done)] };
}
