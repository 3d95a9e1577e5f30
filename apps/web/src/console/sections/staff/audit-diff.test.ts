import { describe, expect, it } from 'vitest';
import { auditDiff, formatAuditValue, targetText } from './audit-diff.ts';

describe('the 操作日志 comparison', () => {
  it('lines up before and after field by field and marks what changed', () => {
    expect(
      auditDiff({ Status: '待审稿', ReviewState: '待审核' }, { Status: '生产中', ProductionStarted: false }),
    ).toEqual([
      { field: 'Status', label: '订单状态', before: '待审稿', after: '生产中', changed: true },
      { field: 'ReviewState', label: '审稿状态', before: '待审核', after: '—', changed: true },
      { field: 'ProductionStarted', label: '已开始生产', before: '—', after: '否', changed: true },
    ]);
  });

  it('shows a creation as nothing before, money in yuan and roles as a list', () => {
    expect(auditDiff(null, { Roles: ['审稿', '生产'], BalanceFen: 12345 })).toEqual([
      { field: 'Roles', label: '角色', before: '—', after: '审稿、生产', changed: true },
      { field: 'BalanceFen', label: '余额', before: '—', after: '¥123.45', changed: true },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff({ IsActive: true }, { IsActive: true })[0]!.changed).toBe(false);
  });

  it('formats values and targets', () => {
    expect(formatAuditValue(true)).toBe('是');
    expect(formatAuditValue('')).toBe('—');
    expect(formatAuditValue({ A: 1 })).toBe('{"A":1}');
    expect(targetText('order', '7', 'D20261126001')).toBe('订单 D20261126001');
    expect(targetText('customer', '12', '')).toBe('客户 #12');
    expect(targetText('coupon', '3', '满100减10')).toBe('coupon 满100减10');
    expect(targetText('', '', '')).toBe('—');
  });
});
