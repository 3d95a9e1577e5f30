import { describe, expect, it } from 'vitest';
import {
  formatCountdown,
  formatDateTime,
  formatFen,
  formatFromPrice,
  formatShipDate,
  formatSignedFen,
  formatWeight,
} from './format.ts';

describe('formatFromPrice', () => {
  it.each([
    [1500, '¥15起'],
    [128_000, '¥1,280起'],
    [1250, '¥12.50起'],
    [3247, '¥32.47起'],
    [5, '¥0.05起'],
    [0, '¥0起'],
  ])('writes %i fen as %s', (fen, text) => {
    expect(formatFromPrice(fen)).toBe(text);
  });
});

describe('formatFen', () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [50, '¥0.50'],
    [100, '¥1.00'],
    [1500, '¥15.00'],
    [9000, '¥90.00'],
    [118458, '¥1,184.58'],
    [123450, '¥1,234.50'],
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
    expect(formatFen(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatSignedFen', () => {
  it.each([
    [10_000, '+¥100.00'],
    [-2_050, '-¥20.50'],
    [0, '¥0.00'],
    [123_456_78, '+¥123,456.78'],
    [0.2, '¥0.00'],
  ])('writes %d fen as %s', (fen, text) => {
    expect(formatSignedFen(fen)).toBe(text);
  });
});

describe('formatWeight', () => {
  it.each([
    [499, '499 g'],
    [850, '850 g'],
    [1000, '1.00 kg'],
    [2500, '2.50 kg'],
    [14688, '14.69 kg'],
  ])('formats %i g as %s', (grams, text) => {
    expect(formatWeight(grams)).toBe(text);
  });
});

describe('formatDateTime', () => {
  it('shows an ISO time in China time, across the day and the year', () => {
    expect(formatDateTime('2026-11-21T02:05:00.000Z')).toBe('2026-11-21 10:05');
    expect(formatDateTime('2026-11-21T06:00:00.000Z')).toBe('2026-11-21 14:00');
    expect(formatDateTime('2026-12-31T16:30:00Z')).toBe('2027-01-01 00:30');
    expect(formatDateTime('2026-03-01T00:00:00+08:00')).toBe('2026-03-01 00:00');
  });

  it('is empty for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [65.2, '1:06'],
    [9, '0:09'],
    [-4, '0:00'],
  ])('shows %d seconds as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
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
