import { describe, expect, it } from 'vitest';
import { balancePath, helpPath, myFilesPath, orderFlowPageOf, orderPath, userPath } from './paths.ts';

describe('orderFlowPageOf', () => {
  it.each([
    ['cart', 'cart'],
    ['checkout', 'checkout'],
    ['pay', 'pay'],
    ['1', null],
    ['unpaid', null],
    [undefined, null],
  ])('reads %s as %s', (t, page) => {
    expect(orderFlowPageOf(t)).toBe(page);
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

describe('userPath', () => {
  it('names each version’s account pages, and their route patterns', () => {
    expect(userPath(1, 'bill', '1')).toBe('/user/bill/1');
    expect(userPath(2, 'sys', ':t')).toBe('/user-v2/sys/:t');
    expect(userPath(4, 'setting-v4', '1')).toBe('/user-v4/setting-v4/1');
  });

  it('links the account tabs other pages send to', () => {
    expect(balancePath(1)).toBe('/user/sys/balance');
    expect(balancePath(3)).toBe('/user-v3/sys/balance');
    expect(myFilesPath(2)).toBe('/user-v2/sys/files');
    expect(myFilesPath(4)).toBe('/user-v4/sys/files');
  });
});

describe('helpPath', () => {
  it('names each version’s help article, and its route pattern', () => {
    expect(helpPath(1, 7)).toBe('/help/7');
    expect(helpPath(2, 7)).toBe('/help-v2/7');
    expect(helpPath(3, ':id')).toBe('/help-v3/:id');
    expect(helpPath(4, '19')).toBe('/help-v4/19');
  });
});
