import { describe, expect, it } from 'vitest';
import { orderPath, parseIds, resolveOrderPage } from './paths.ts';

describe('resolveOrderPage', () => {
  it.each([
    ['cart', 'cart'],
    ['checkout', 'checkout'],
    ['pay', 'pay'],
  ])('reads %s as its page', (t, page) => {
    expect(resolveOrderPage(t)).toEqual({ page });
  });

  it.each([
    ['1', 'all', 0],
    ['all', 'all', 0],
    ['unpaid', 'unpaid', 1],
    ['reviewing', 'reviewing', 2],
    ['producing', 'producing', 3],
    ['shipped', 'shipped', 4],
    ['completed', 'completed', 5],
    ['cancelled', 'cancelled', 9],
    ['nonsense', 'all', 0],
    [undefined, 'all', 0],
  ])('reads %s as the %s tab (status %i)', (t, key, status) => {
    const page = resolveOrderPage(t);
    expect(page.page).toBe('list');
    if (page.page === 'list') {
      expect(page.tab.key).toBe(key);
      expect(page.tab.status).toBe(status);
    }
  });
});

describe('orderPath', () => {
  it('builds each version’s address with the query', () => {
    expect(orderPath(1, 'cart')).toBe('/user/order/cart');
    expect(orderPath(2, 'checkout', { ids: [3, 5] })).toBe('/user-v2/order/checkout?ids=3%2C5');
    expect(orderPath(4, 'pay', { no: 'P123' })).toBe('/user-v4/order/pay?no=P123');
    expect(orderPath(3, 'all', { id: 9, skip: undefined })).toBe('/user-v3/order/all?id=9');
  });
});

describe('parseIds', () => {
  it('keeps distinct positive integers and drops the rest', () => {
    expect(parseIds('3,5,abc,-1,5, 8')).toEqual([3, 5, 8]);
    expect(parseIds(null)).toEqual([]);
    expect(parseIds('')).toEqual([]);
  });
});
