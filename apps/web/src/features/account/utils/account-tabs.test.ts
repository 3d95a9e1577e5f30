import { describe, expect, it } from 'vitest';
import { ACCOUNT_TABS, resolveAccountTab } from './account-tabs.ts';
import { RECEIVED_TAB_FILTERS, yuanToFen } from './coupon-tabs.ts';

describe('resolveAccountTab', () => {
  it.each([
    ['info', 'info'],
    ['address', 'address'],
    ['balance', 'balance'],
    ['files', 'files'],
    ['1', 'info'],
    ['2', 'address'],
    ['5', 'balance'],
    ['0', 'info'],
    ['99', 'info'],
    ['nonsense', 'info'],
    [undefined, 'info'],
  ])('opens %s as %s', (t, expected) => {
    expect(resolveAccountTab(t)).toBe(expected);
  });

  it('keeps 我的文件 under its existing key files', () => {
    expect(ACCOUNT_TABS.map((tab) => tab.key)).toContain('files');
  });
});

describe('received coupon filters', () => {
  it('asks for unused and unexpired coupons on 未使用, and expired unused ones on 已过期', () => {
    expect(RECEIVED_TAB_FILTERS.unused).toEqual({ isUse: false, isExpire: false });
    expect(RECEIVED_TAB_FILTERS.expired).toEqual({ isUse: false, isExpire: true });
    expect(RECEIVED_TAB_FILTERS.used).toEqual({ isUse: true });
  });
});

describe('yuanToFen', () => {
  it.each([
    [100, 10_000],
    ['100', 10_000],
    ['0.1', 10],
    ['19.99', 1999],
    [0.29, 29],
    ['1.005', null],
    ['-1', null],
    ['abc', null],
    [null, null],
  ])('reads %j yuan as %j fen', (value, expected) => {
    expect(yuanToFen(value)).toBe(expected);
  });
});
