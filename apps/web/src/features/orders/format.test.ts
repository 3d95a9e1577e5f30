import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDateTime, formatFen, formatWeight } from './format.ts';

describe('formatFen', () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [1500, '¥15.00'],
    [118458, '¥1,184.58'],
    [-300, '-¥3.00'],
  ])('formats %i fen as %s', (fen, text) => {
    expect(formatFen(fen)).toBe(text);
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatFen(Number.NaN)).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('shows an ISO time in China time', () => {
    expect(formatDateTime('2026-11-21T02:05:00.000Z')).toBe('2026-11-21 10:05');
    expect(formatDateTime('2026-12-31T16:30:00Z')).toBe('2027-01-01 00:30');
  });

  it('is empty for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe('');
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

describe('formatWeight', () => {
  it('uses grams below a kilogram and kilograms above', () => {
    expect(formatWeight(850)).toBe('850 g');
    expect(formatWeight(2500)).toBe('2.50 kg');
  });
});
