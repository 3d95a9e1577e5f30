import { describe, expect, it } from 'vitest';
import { adjustmentFen } from './adjustment.ts';

describe('调整余额', () => {
  it('turns the yuan typed into signed fen without floating-point drift', () => {
    expect(adjustmentFen('credit', 50)).toBe(5000);
    expect(adjustmentFen('debit', 19.99)).toBe(-1999);
    expect(adjustmentFen('credit', 0.29)).toBe(29);
  });
});
