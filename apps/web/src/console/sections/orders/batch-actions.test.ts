import { describe, expect, it } from 'vitest';
import { StaffRole } from '@inkstone/contracts';
import { batchActionsFor, batchOutcome } from './batch-actions.ts';

describe('the board’s batch steps', () => {
  it('offers each role its own step, 管理员 all, 客服 and 财务 none', () => {
    const labels = (roles: StaffRole[]) => batchActionsFor(roles).map((action) => action.label);
    expect(labels([StaffRole.Admin])).toEqual(['批量审稿通过', '批量开始生产', '批量完成']);
    expect(labels([StaffRole.Reviewer])).toEqual(['批量审稿通过']);
    expect(labels([StaffRole.Production])).toEqual(['批量开始生产']);
    expect(labels([StaffRole.Shipping])).toEqual(['批量完成']);
    expect(labels([StaffRole.Service, StaffRole.Finance])).toEqual([]);
  });

  it('sums a result up and lists the refused orders first with the server’s reason', () => {
    const outcome = batchOutcome({
      Results: [
        { OrderId: 1, OrderNo: 'D1', Done: true, Message: '' },
        { OrderId: 2, OrderNo: 'D2', Done: false, Message: '订单当前为「待付款」' },
        { OrderId: 3, OrderNo: '', Done: false, Message: '订单不存在' },
      ],
      DoneCount: 1,
      RefusedCount: 2,
    });
    expect(outcome.title).toBe('成功 1 个，未处理 2 个');
    expect(outcome.lines.map((line) => [line.order, line.text])).toEqual([
      ['D2', '订单当前为「待付款」'],
      ['订单 #3', '订单不存在'],
      ['D1', '成功'],
    ]);
    expect(
      batchOutcome({
        Results: [{ OrderId: 1, OrderNo: 'D1', Done: true, Message: '' }],
        DoneCount: 1,
        RefusedCount: 0,
      }).title,
    ).toBe('1 个订单全部成功');
  });
});
