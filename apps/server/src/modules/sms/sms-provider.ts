import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SmsMessage, SmsProvider } from '../../lib/providers.ts';

export type { SmsMessage, SmsProvider };

/**
 * The embedded default: each message is stored in the `sms_outbox` table and printed in the
 * server log, so a merchant trying the product (or a test) reads the code there.
 * `npm run sms:outbox` lists the latest messages.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({
        merchant_id: message.merchantId,
        mobile_no: message.mobileNo,
        content: message.content,
        created_at: this.clock.now(),
      })
      .execute();
    this.log.info(
      { sms: { to: message.mobileNo, content: message.content } },
      `SMS outbox → ${message.mobileNo}: ${message.content}`,
    );
  }
}

/** The latest outbox messages, newest first, with the merchant's code. */
export async function listOutbox(db: Db, limit = 20) {
  return db
    .selectFrom('sms_outbox as o')
    .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
    .select(['o.id', 'm.code', 'o.mobile_no', 'o.content', 'o.created_at'])
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}
