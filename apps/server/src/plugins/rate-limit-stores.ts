import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';

/** A counter after one more call: the calls counted in its window and the milliseconds left of it. */
export interface CounterState {
  current: number;
  ttl: number;
}

/**
 * Where the request-rate counters live (RATE_LIMIT_STORE). Each counter counts calls in a fixed
 * window that starts with its first call; `increment` counts one call atomically, so parallel
 * requests, on one server or several sharing the store, are each counted once.
 */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<CounterState>;
  close(): Promise<void>;
}

interface MemoryCounter {
  count: number;
  endsAt: number;
}

/**
 * This process's own counters (the embedded default: one server). At most `maxEntries` keys are
 * kept; when full, ended windows go first, then the oldest tenth.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, MemoryCounter>();

  constructor(
    private readonly clock: Clock,
    private readonly maxEntries = 100_000,
  ) {}

  async increment(key: string, windowMs: number): Promise<CounterState> {
    const now = this.clock.now();
    let counter = this.counters.get(key);
    if (!counter || counter.endsAt <= now) {
      this.counters.delete(key);
      if (this.counters.size >= this.maxEntries) this.evict(now);
      counter = { count: 0, endsAt: now + windowMs };
      // Re-inserted at each new window, so the map's order is the order the windows started.
      this.counters.set(key, counter);
    }
    counter.count += 1;
    return { current: counter.count, ttl: counter.endsAt - now };
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  private evict(now: number): void {
    for (const [key, counter] of this.counters) if (counter.endsAt <= now) this.counters.delete(key);
    let excess = this.counters.size - Math.floor(this.maxEntries * 0.9);
    for (const key of this.counters.keys()) {
      if (excess-- <= 0) break;
      this.counters.delete(key);
    }
  }
}

const SWEEP_EVERY_MS = 60_000;

/**
 * Counters in the `rate_limit_counters` table of the configured database, shared by every app
 * server on it. One upsert counts a call: a new key starts a window, an ended window starts
 * again at one, a running one adds one (PostgreSQL locks the row; SQLite has one writer). Rows
 * of ended windows are deleted at most once a minute per server.
 */
export class DatabaseCounterStore implements CounterStore {
  private lastSweepAt = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async increment(key: string, windowMs: number): Promise<CounterState> {
    const now = this.clock.now();
    if (now - this.lastSweepAt >= SWEEP_EVERY_MS) {
      this.lastSweepAt = now;
      await this.db.deleteFrom('rate_limit_counters').where('window_ends_at', '<=', now).execute();
    }
    const endsAt = sql.ref<number>('rate_limit_counters.window_ends_at');
    const count = sql.ref<number>('rate_limit_counters.count');
    const row = await this.db
      .insertInto('rate_limit_counters')
      .values({ counter_key: key, count: 1, window_ends_at: now + windowMs })
      .onConflict((conflict) =>
        conflict.column('counter_key').doUpdateSet({
          count: sql<number>`case when ${endsAt} <= ${now} then 1 else ${count} + 1 end`,
          window_ends_at: sql<number>`case when ${endsAt} <= ${now} then ${now + windowMs} else ${endsAt} end`,
        }),
      )
      .returning(['count', 'window_ends_at'])
      .executeTakeFirstOrThrow();
    return { current: Number(row.count), ttl: Number(row.window_ends_at) - now };
  }

  async close(): Promise<void> {
    // The database belongs to the server; it is closed with it.
  }
}

/** Counts one call and starts the key's window (its expiry) with the first; returns {count, ms left}. */
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type CountingRedis = Redis & {
  countRateLimit(key: string, windowMs: number): Promise<[number, number]>;
};

/**
 * Counters in Redis (REDIS_URL), shared by every app server using it: one script counts a call
 * and sets the window as the key's expiry, so Redis forgets ended windows by itself. Windows run
 * on Redis's clock. A command that cannot be sent at once fails instead of waiting for a
 * reconnection, so a Redis outage never holds requests up (they are let through, and logged).
 */
export class RedisCounterStore implements CounterStore {
  private constructor(
    private readonly redis: CountingRedis,
    private readonly prefix: string,
  ) {}

  /**
   * Connects, or throws when Redis cannot be reached (the server then does not start). Later
   * connection errors go to `onError`; the client reconnects by itself.
   */
  static async connect(
    url: string,
    prefix: string,
    onError: (error: Error) => void,
  ): Promise<RedisCounterStore> {
    // The client is loaded only when REDIS_URL is used, not with every server (docs/performance.md).
    const { Redis: RedisClient } = await import('ioredis');
    const redis = new RedisClient(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      commandTimeout: 2_000,
    });
    redis.defineCommand('countRateLimit', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    redis.on('error', onError);
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`Redis (REDIS_URL) cannot be reached: ${(error as Error).message}`, { cause: error });
    }
    return new RedisCounterStore(redis as CountingRedis, prefix);
  }

  async increment(key: string, windowMs: number): Promise<CounterState> {
    const [current, ttl] = await this.redis.countRateLimit(this.prefix + key, windowMs);
    return { current, ttl };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The store RATE_LIMIT_STORE names; `onError` hears of a Redis connection's errors. */
export async function createCounterStore(
  config: Config,
  db: Db,
  clock: Clock,
  onError: (error: Error) => void,
): Promise<CounterStore> {
  switch (config.RATE_LIMIT_STORE) {
    case 'memory':
      return new MemoryCounterStore(clock);
    case 'database':
      return new DatabaseCounterStore(db, clock);
    case 'redis':
      return RedisCounterStore.connect(config.REDIS_URL, config.RATE_LIMIT_KEY_PREFIX, onError);
  }
}
