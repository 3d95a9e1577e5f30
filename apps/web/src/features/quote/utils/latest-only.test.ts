import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLatestOnly } from './latest-only.ts';
import type { Outcome } from './latest-only.ts';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A runner whose replies the test releases by hand, in any order. */
function setup(options: { peek?: (request: string) => string | undefined } = {}) {
  const replies = new Map<string, Deferred<string>>();
  const sent: string[] = [];
  const started: string[] = [];
  const settled: Outcome<string, string>[] = [];
  const runner = createLatestOnly<string, string>({
    delayMs: 50,
    run(request) {
      sent.push(request);
      const reply = deferred<string>();
      replies.set(request, reply);
      return reply.promise;
    },
    peek: options.peek,
    onStart: (request) => started.push(request),
    onSettle: (outcome) => settled.push(outcome),
  });
  return { runner, replies, sent, started, settled };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createLatestOnly', () => {
  it('waits for a quiet moment and sends only the last of quick changes', async () => {
    const { runner, sent, started } = setup();
    runner.schedule('100');
    await vi.advanceTimersByTimeAsync(20);
    runner.schedule('1000');
    await vi.advanceTimersByTimeAsync(49);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['1000']);
    expect(started).toEqual(['100', '1000']);
  });

  it('drops a reply that arrives after a newer request was made', async () => {
    const { runner, replies, settled } = setup();
    runner.schedule('old');
    await vi.advanceTimersByTimeAsync(50);
    runner.schedule('new');
    await vi.advanceTimersByTimeAsync(50);

    replies.get('new')!.resolve('price of new');
    await vi.advanceTimersByTimeAsync(0);
    replies.get('old')!.resolve('price of old');
    await vi.advanceTimersByTimeAsync(0);

    expect(settled).toEqual([{ request: 'new', ok: true, value: 'price of new' }]);
  });

  it('drops a stale failure as well', async () => {
    const { runner, replies, settled } = setup();
    runner.schedule('old');
    await vi.advanceTimersByTimeAsync(50);
    runner.schedule('new');
    replies.get('old')!.reject(new Error('refused'));
    await vi.advanceTimersByTimeAsync(50);
    replies.get('new')!.resolve('price of new');
    await vi.advanceTimersByTimeAsync(0);

    expect(settled).toEqual([{ request: 'new', ok: true, value: 'price of new' }]);
  });

  it('reports the failure of the latest request', async () => {
    const { runner, replies, settled } = setup();
    runner.schedule('bad');
    await vi.advanceTimersByTimeAsync(50);
    const error = new Error('「烫金」与已选工艺「局部UV」不能同时选择');
    replies.get('bad')!.reject(error);
    await vi.advanceTimersByTimeAsync(0);

    expect(settled).toEqual([{ request: 'bad', ok: false, error }]);
  });

  it('answers a known request at once and forgets the one in flight', async () => {
    const { runner, replies, sent, settled } = setup({
      peek: (request) => (request === 'cached' ? 'price from cache' : undefined),
    });
    runner.schedule('slow');
    await vi.advanceTimersByTimeAsync(50);
    runner.schedule('cached');
    expect(settled).toEqual([{ request: 'cached', ok: true, value: 'price from cache' }]);

    replies.get('slow')!.resolve('price of slow');
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveLength(1);
    expect(sent).toEqual(['slow']);
  });

  it('reports nothing after cancel', async () => {
    const { runner, replies, sent, settled } = setup();
    runner.schedule('a');
    await vi.advanceTimersByTimeAsync(50);
    runner.schedule('b');
    runner.cancel();
    await vi.advanceTimersByTimeAsync(100);
    replies.get('a')!.resolve('price of a');
    await vi.advanceTimersByTimeAsync(0);

    expect(sent).toEqual(['a']);
    expect(settled).toEqual([]);
  });
});
