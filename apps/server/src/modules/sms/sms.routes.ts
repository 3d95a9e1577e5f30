import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { smsCalls as calls } from '@inkstone/contracts';
import { defineCall, requireMerchant } from '../../plugins/call.ts';
import type { SmsSender } from './sms-sender.ts';
import {
  SMS_CODE_TTL_MS,
  SMS_RESEND_INTERVAL_MS,
  sendVerificationCode,
  type AccountLookup,
} from './sms.service.ts';

/** SendSms (spec §7). */
export function registerSmsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  sender: SmsSender,
  isRegistered: AccountLookup,
): void {
  defineCall(app, calls.SendSms, async ({ request, input }) => {
    await sendVerificationCode(context, sender, requireMerchant(request), input, request.ip, isRegistered);
    return { ExpiresInSeconds: SMS_CODE_TTL_MS / 1000, ResendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000 };
  });
}
