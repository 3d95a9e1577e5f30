import { describe, expect, it } from 'vitest';
import { StaffRole } from '@inkstone/contracts';
import { actionsByStatus, availableActions, isRefundedOnCancel } from './order-actions.ts';

const order = (Status: number, ReviewState = 'pending', ProductionStartedAt: string | null = null) =>
  ({ Status, ReviewState, ProductionStartedAt }) as Parameters<typeof actionsByStatus>[0];

describe('order actions in the console', () => {
  it('offers what each status allows', () => {
    expect(actionsByStatus(order(1))).toEqual(['cancel']);
    expect(actionsByStatus(order(2))).toEqual(['approve', 'reject', 'cancel']);
    expect(actionsByStatus(order(2, 'rejected'))).toEqual(['cancel']);
    expect(actionsByStatus(order(3))).toEqual(['startProduction', 'ship', 'cancel']);
    expect(actionsByStatus(order(3, 'approved', '2026-11-21T02:00:00.000Z'))).toEqual(['ship', 'cancel']);
    expect(actionsByStatus(order(4))).toEqual(['complete']);
    expect(actionsByStatus(order(5))).toEqual([]);
    expect(actionsByStatus(order(9))).toEqual([]);
  });

  it('shows each role only its own steps, and 管理员 every step', () => {
    expect(availableActions(order(2), [StaffRole.Reviewer])).toEqual(['approve', 'reject']);
    expect(availableActions(order(2), [StaffRole.Production])).toEqual([]);
    expect(availableActions(order(3), [StaffRole.Production])).toEqual(['startProduction']);
    expect(availableActions(order(3), [StaffRole.Shipping])).toEqual(['ship']);
    expect(availableActions(order(3), [StaffRole.Finance])).toEqual(['cancel']);
    expect(availableActions(order(3), [StaffRole.Admin])).toEqual(['startProduction', 'ship', 'cancel']);
    for (const status of [1, 2, 3, 4])
      expect(availableActions(order(status), [StaffRole.Service])).toEqual([]);
  });

  it('refunds on cancel only an order that was paid', () => {
    expect(isRefundedOnCancel({ Status: 1, TotalFen: 1500 })).toBe(false);
    expect(isRefundedOnCancel({ Status: 2, TotalFen: 1500 })).toBe(true);
    expect(isRefundedOnCancel({ Status: 3, TotalFen: 1500 })).toBe(true);
    expect(isRefundedOnCancel({ Status: 2, TotalFen: 0 })).toBe(false);
  });
});
