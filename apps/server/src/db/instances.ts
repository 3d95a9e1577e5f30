import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import type { Db } from './database.ts';

/** How often a running server records in the database that it is alive. */
export const INSTANCE_HEARTBEAT_MS = 5_000;
/** A server not heard from for this long is taken for dead: work it claimed may be taken over. */
export const INSTANCE_TIMEOUT_MS = 20_000;

/** Who claims shared work: this process's id, and the rule by which any instance is judged alive. */
export interface InstanceIdentity {
  readonly id: string;
  /** Heartbeats at or after this time (on the server clock) belong to live instances. */
  aliveSince(now: number): number;
}

/**
 * This server process in the shared database (table `server_instances`): a random id given at
 * start, and a heartbeat every INSTANCE_HEARTBEAT_MS. Work claimed in the database (an upload's
 * assembly) records the id, so any instance can tell a claim of a live process from one left by a
 * process that was killed: its row is gone (a clean stop deletes it) or its heartbeat is older
 * than INSTANCE_TIMEOUT_MS. Rows of dead instances are deleted by the live ones.
 */
export class ServerInstance implements InstanceIdentity {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {}

  aliveSince(now: number): number {
    return now - INSTANCE_TIMEOUT_MS;
  }

  /** Registers this process and starts its heartbeat. */
  async start(): Promise<void> {
    await this.register();
    this.timer = setInterval(() => {
      this.beating ??= this.beat().finally(() => (this.beating = null));
    }, INSTANCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Records a heartbeat now (also run by the timer). */
  async beat(): Promise<void> {
    const { db, clock, log } = this.deps;
    try {
      const now = clock.now();
      const updated = await db
        .updateTable('server_instances')
        .set({ heartbeat_at: now })
        .where('id', '=', this.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        // Taken for dead after a long silence: its claims may have been released; live on.
        log.warn({ instance: this.id }, 'server instance was taken for dead; registering again');
        await this.register();
        return;
      }
      await this.deleteDead(now);
    } catch (error) {
      log.warn({ err: error, instance: this.id }, 'server instance heartbeat failed');
    }
  }

  /** Stops the heartbeat and deletes this process's row, so its claims count as dead at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.deps.db
      .deleteFrom('server_instances')
      .where('id', '=', this.id)
      .execute()
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'could not deregister server instance'));
  }

  private async register(): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db
      .insertInto('server_instances')
      .values({
        id: this.id,
        host: `${os.hostname()} pid ${process.pid}`,
        started_at: now,
        heartbeat_at: now,
      })
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ heartbeat_at: now }))
      .execute();
    await this.deleteDead(now);
  }

  private async deleteDead(now: number): Promise<void> {
    await this.deps.db
      .deleteFrom('server_instances')
      .where('heartbeat_at', '<', this.aliveSince(now))
      .where('id', '!=', this.id)
      .execute();
  }
}
