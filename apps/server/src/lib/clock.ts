/** The time source of the server. Tests pass a clock they can move forward. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until told to move: for tests of expiry and lock-out. */
export class ManualClock implements Clock {
  constructor(private current = Date.UTC(2026, 10, 21, 2, 0, 0)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
