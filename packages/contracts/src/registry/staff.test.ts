import { describe, expect, it } from 'vitest';
import { StaffRole } from '../calls/staff.ts';
import { STAFF_CALL_ROLES, mayMakeStaffCall, staffCalls } from './staff.ts';

describe('mayMakeStaffCall', () => {
  it('lets 管理员 make every staff call', () => {
    for (const name of Object.keys(staffCalls) as (keyof typeof staffCalls)[]) {
      expect(mayMakeStaffCall([StaffRole.Admin], name), name).toBe(true);
    }
  });

  it('lets any staff member make the calls that need no role, and each role only its own', () => {
    expect(mayMakeStaffCall([StaffRole.Production], 'QueryOrders')).toBe(true);
    expect(mayMakeStaffCall([StaffRole.Production], 'StartProduction')).toBe(true);
    expect(mayMakeStaffCall([StaffRole.Production], 'ShipOrder')).toBe(false);
    expect(mayMakeStaffCall([StaffRole.Production], 'CancelOrder')).toBe(false);
    expect(mayMakeStaffCall([StaffRole.Production], 'SaveSiteSettings')).toBe(false);
    expect(mayMakeStaffCall([StaffRole.Reviewer, StaffRole.Finance], 'CancelOrder')).toBe(true);
    expect(mayMakeStaffCall([], 'ApproveArtwork')).toBe(false);
    // 客服 reads the orders and moves none of them.
    expect(mayMakeStaffCall([StaffRole.Service], 'OrderDetail')).toBe(true);
    for (const name of ['ApproveArtwork', 'ShipOrder', 'CancelOrder', 'SaveSiteSettings'] as const) {
      expect(mayMakeStaffCall([StaffRole.Service], name), name).toBe(false);
    }
  });

  it('names a role list for every staff call', () => {
    expect(Object.keys(STAFF_CALL_ROLES).sort()).toEqual(Object.keys(staffCalls).sort());
  });
});
