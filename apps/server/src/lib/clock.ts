/** The time source of the server. Tests pass a clock they can move forward. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** The real time. The only place the server reads it: everything else is handed a Clock. */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * The clock of the file system and the object store. They stamp files with the real time
 * themselves (mtime, LastModified), so the age of a stored file is measured against this clock,
 * never against the server's clock (which tests move to other dates).
 */
export const storageClock: Clock = systemClock;

/**
 * A clock that reads `startAt` at the moment it is made and runs on in real time: a whole server
 * (and the browser beside it) rehearsing another date, such as a year end (CLOCK_START).
 */
export function clockStartingAt(startAt: number, real: Clock = systemClock): Clock {
  const offset = startAt - real.now();
  return { now: () => real.now() + offset };
}

/** The test clock's default start: 2026-11-21 10:00 China time. */
export const DEFAULT_TEST_TIME = Date.UTC(2026, 10, 21, 2, 0, 0);

/**
 * Where test clocks start: TEST_CLOCK_START (an ISO 8601 instant) when set, so the suites can be
 * run on any date, else DEFAULT_TEST_TIME.
 */
export function testClockStart(env: Record<string, string | undefined> = process.env): number {
  const text = env.TEST_CLOCK_START;
  if (!text) return DEFAULT_TEST_TIME;
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new Error(`TEST_CLOCK_START is not a date: ${text}`);
  return time;
}

/** A clock that stands still until told to move: for tests of expiry and lock-out. */
export class ManualClock implements Clock {
  constructor(private current = testClockStart()) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
