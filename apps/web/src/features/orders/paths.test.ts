import { describe, expect, it } from 'vitest';
import { parseIds, resolveOrderTab } from './paths.ts';

describe('resolveOrderTab', () => {
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
    const tab = resolveOrderTab(t);
    expect(tab.key).toBe(key);
    expect(tab.status).toBe(status);
  });
});

describe('parseIds', () => {
  it('keeps distinct positive integers and drops the rest', () => {
    expect(parseIds('3,5,abc,-1,5, 8')).toEqual([3, 5, 8]);
    expect(parseIds(null)).toEqual([]);
    expect(parseIds('')).toEqual([]);
  });
});
