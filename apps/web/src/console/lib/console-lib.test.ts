import { describe, expect, it } from 'vitest';
import { StaffRole } from '@inkstone/contracts';
import { safeRedirect } from './console-paths.ts';
import { sectionsFor } from './sections.ts';

describe('the console menu', () => {
  it('shows 管理员 every section, 财务 also 客户 and 营销, 客服 客户, and the other roles 工作台 and 订单', () => {
    expect(sectionsFor([StaffRole.Admin]).map((section) => section.label)).toEqual([
      '工作台',
      '订单',
      '客户',
      '商品与价格',
      '营销',
      '物流',
      '网站',
      '支付与短信',
      '员工',
    ]);
    expect(sectionsFor([StaffRole.Finance]).map((section) => section.label)).toEqual([
      '工作台',
      '订单',
      '客户',
      '营销',
    ]);
    expect(sectionsFor([StaffRole.Service]).map((section) => section.label)).toEqual([
      '工作台',
      '订单',
      '客户',
    ]);
    for (const role of [StaffRole.Reviewer, StaffRole.Production, StaffRole.Shipping]) {
      expect(
        sectionsFor([role]).map((section) => section.label),
        role,
      ).toEqual(['工作台', '订单']);
    }
    // Reading orders and the dashboard needs no role on the server: any signed-in member has them.
    expect(sectionsFor([]).map((section) => section.label)).toEqual(['工作台', '订单']);
  });
});

describe('safeRedirect', () => {
  it('returns to a console address and nowhere else', () => {
    expect(safeRedirect('/orders?status=2&id=7')).toBe('/orders?status=2&id=7');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/')).toBe('/');
    expect(safeRedirect('/\\evil.example/')).toBe('/');
  });
});
