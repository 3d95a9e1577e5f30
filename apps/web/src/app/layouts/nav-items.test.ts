import { describe, expect, it } from 'vitest';
import { SITES } from '../../lib/sites.ts';
import { groupMenuItems, markActive } from './nav-items.ts';

const labels = (items: { label: string }[]) => items.map((item) => item.label);
const active = (items: { label: string; isActive: boolean }[]) =>
  items.filter((item) => item.isActive).map((item) => item.label);

describe('markActive', () => {
  it('marks the item of the page shown, its other tabs included', () => {
    const nav = SITES[1].workspaceNav;
    expect(active(markActive(nav, '/user/order/cart'))).toEqual(['我的订单']);
    expect(active(markActive(nav, '/user/bill/recharge'))).toEqual(['我的账单']);
    expect(active(markActive(nav, '/index'))).toEqual(['在线下单']);
    expect(active(markActive(nav, '/proinfo/1/2/3'))).toEqual([]);
  });

  it("follows version 4's nav index meta over the address", () => {
    const nav = SITES[4].workspaceNav;
    expect(active(markActive(nav, '/quotationCenter-v4/1/2/3', 0))).toEqual(['下单中心']);
    expect(active(markActive(nav, '/user-v4/setting-v4/1', 5))).toEqual(['个人设置']);
    expect(active(markActive(nav, '/help-v4/3', -1))).toEqual([]);
  });

  it('takes the caller’s word where an item says whether it is current, and never marks another site', () => {
    const nav = [
      { label: '首页', to: '/home', isCurrent: false },
      { label: '活动', to: '/help/7', isCurrent: true },
      { label: '商城', to: 'https://shop.example.com/', isExternal: true, isCurrent: true },
    ];
    expect(active(markActive(nav, '/home'))).toEqual(['活动']);
  });
});

describe('groupMenuItems', () => {
  it("puts version 4's six items under the site's pages and 个人中心, in order", () => {
    const items = markActive(SITES[4].workspaceNav, '/user-v4/bill/1', 3);
    const groups = groupMenuItems(items, SITES[4].user);
    expect(groups.map((group) => [group.title, labels(group.items)])).toEqual([
      ['网站导航', ['下单中心', '批量上传']],
      ['个人中心', ['我的订单', '我的账单', '账户设置', '个人设置']],
    ]);
    expect(groups.flatMap((group) => group.items)).toHaveLength(items.length);
  });

  it("keeps the merchant's top menu in one group, in its order", () => {
    const items = markActive(
      [
        { label: '首页', to: '/index-v2' },
        { label: '我的订单', to: '/user-v2/order/1' },
        { label: '关于我们', to: '/about' },
      ],
      '/about',
    );
    expect(groupMenuItems(items, null).map((group) => labels(group.items))).toEqual([
      ['首页', '我的订单', '关于我们'],
    ]);
    expect(groupMenuItems([], null)).toEqual([]);
  });
});
