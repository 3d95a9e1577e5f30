import { describe, expect, it } from 'vitest';
import type { CartLine } from '@inkstone/contracts';
import { chosenLines, forget, isChosen, leavePage, NOTHING_UNTICKED, tick } from './cart-selection.ts';

const line = (id: number, isAvailable = true) =>
  ({ Id: id, IsAvailable: isAvailable, AmountFen: id * 100 }) as CartLine;

describe('cart selection', () => {
  it('starts with every available line chosen', () => {
    const page = [line(1), line(2), line(3, false)];
    expect(chosenLines(NOTHING_UNTICKED, page).map((item) => item.Id)).toEqual([1, 2]);
    expect(isChosen(NOTHING_UNTICKED, line(3, false))).toBe(false);
  });

  it('leaves out what the customer unticks, and takes it back when ticked again', () => {
    const page = [line(1), line(2)];
    const unticked = tick(NOTHING_UNTICKED, [page[0]!], false);
    expect(chosenLines(unticked, page).map((item) => item.Id)).toEqual([2]);
    expect(chosenLines(tick(unticked, page, true), page).map((item) => item.Id)).toEqual([1, 2]);
  });

  it('keeps the choice of pages left behind, and forgets deleted lines', () => {
    const first = [line(1), line(2)];
    const second = [line(11)];
    const left = leavePage(tick(NOTHING_UNTICKED, [first[1]!], false), first);
    expect(chosenLines(left, second).map((item) => item.Id)).toEqual([11, 1]);
    expect(chosenLines(forget(left, [1]), second).map((item) => item.Id)).toEqual([11]);
  });
});
