import { describe, expect, it } from 'vitest';
import { formatFen, formatShipDate, formatWeight } from './money.ts';

describe('formatFen', () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [50, '¥0.50'],
    [100, '¥1.00'],
    [9000, '¥90.00'],
    [118458, '¥1,184.58'],
    [123456789, '¥1,234,567.89'],
    [-300, '-¥3.00'],
    [-5, '-¥0.05'],
  ])('formats %i fen as %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });

  it('rounds a fractional average half away from zero', () => {
    expect(formatFen(12.5)).toBe('¥0.13');
    expect(formatFen(12.49)).toBe('¥0.12');
    expect(formatFen(-12.5)).toBe('-¥0.13');
    expect(formatFen(-0.4)).toBe('¥0.00');
  });

  it('shows a dash for a number that is not finite', () => {
    expect(formatFen(Number.NaN)).toBe('—');
  });
});

describe('formatWeight', () => {
  it.each([
    [499, '499 g'],
    [1000, '1.00 kg'],
    [14688, '14.69 kg'],
  ])('formats %i g as %s', (grams, text) => {
    expect(formatWeight(grams)).toBe(text);
  });
});

describe('formatShipDate', () => {
  it('names the weekday in China', () => {
    expect(formatShipDate('2026-11-25')).toBe('11月25日（周三）');
    expect(formatShipDate('2026-11-22')).toBe('11月22日（周日）');
  });

  it('leaves other text alone', () => {
    expect(formatShipDate('明天')).toBe('明天');
  });
});
