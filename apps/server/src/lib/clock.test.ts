import { describe, expect, it } from 'vitest';
import { clockStartingAt, DEFAULT_TEST_TIME, ManualClock, testClockStart } from './clock.ts';

describe('clocks', () => {
  it('starts a clock at a given instant and lets it run on with the real one', () => {
    const real = new ManualClock(Date.UTC(2026, 10, 25));
    const start = Date.parse('2031-12-31T23:59:00+08:00');
    const clock = clockStartingAt(start, real);
    expect(clock.now()).toBe(start);
    real.advance(90_000);
    // 23:59 China time plus 90 s is 00:00:30 on New Year's day in China, 16:00:30 UTC.
    expect(new Date(clock.now()).toISOString()).toBe('2031-12-31T16:00:30.000Z');
  });

  it('starts test clocks at TEST_CLOCK_START when it is set', () => {
    expect(testClockStart({})).toBe(DEFAULT_TEST_TIME);
    expect(testClockStart({ TEST_CLOCK_START: '2032-02-28T23:59:00+08:00' })).toBe(
      Date.UTC(2032, 1, 28, 15, 59),
    );
    expect(() => testClockStart({ TEST_CLOCK_START: 'soon' })).toThrow(/TEST_CLOCK_START/);
  });
});
