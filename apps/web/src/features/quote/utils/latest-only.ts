/** How a scheduled request ended: its reply, or why it failed. */
export type Outcome<Req, Res> =
  { request: Req; ok: true; value: Res } | { request: Req; ok: false; error: unknown };

export interface LatestOnlyOptions<Req, Res> {
  run(request: Req): Promise<Res>;
  /** Quiet time after the last change before a request is sent (coalesces typing). */
  delayMs: number;
  /** A reply already known for this request (a cache): delivered at once, nothing is sent. */
  peek?(request: Req): Res | undefined;
  /** A request is waiting for its reply (not called for a known one). */
  onStart?(request: Req): void;
  /** The reply of the latest request; replies to earlier requests never arrive here. */
  onSettle(outcome: Outcome<Req, Res>): void;
  setTimer?(callback: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

export interface LatestOnly<Req> {
  /** The selection changed: price this instead of anything asked before. */
  schedule(request: Req): void;
  /** Nothing asked so far may report any more (the screen is going away). */
  cancel(): void;
}

/**
 * Debounced requests of which only the latest may answer: a reply that arrives after a newer
 * request was scheduled is dropped, so a slow answer for an old selection never overwrites the
 * price of the current one.
 */
export function createLatestOnly<Req, Res>(options: LatestOnlyOptions<Req, Res>): LatestOnly<Req> {
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let generation = 0;
  let timer: unknown = null;

  function clearPending(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  return {
    schedule(request) {
      const mine = ++generation;
      clearPending();
      const known = options.peek?.(request);
      if (known !== undefined) {
        options.onSettle({ request, ok: true, value: known });
        return;
      }
      options.onStart?.(request);
      timer = setTimer(() => {
        timer = null;
        let reply: Promise<Res>;
        try {
          reply = options.run(request);
        } catch (error) {
          reply = Promise.reject(error);
        }
        reply.then(
          (value) => {
            if (mine === generation) options.onSettle({ request, ok: true, value });
          },
          (error: unknown) => {
            if (mine === generation) options.onSettle({ request, ok: false, error });
          },
        );
      }, options.delayMs);
    },
    cancel() {
      generation++;
      clearPending();
    },
  };
}
