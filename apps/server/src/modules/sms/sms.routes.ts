import type { FastifyInstance } from 'fastify';
import { sendSmsBodySchema, sendSmsResultSchema } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { defineCall, requireMerchant } from '../../plugins/call.ts';
import { SMS_CODE_TTL_MS, SMS_RESEND_INTERVAL_MS, sendVerificationCode } from './sms.service.ts';

/** SendSms (spec §7). */
export function registerSmsRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, {
    method: 'POST',
    url: '/api/common/SendSms',
    summary: '发送短信验证码（需先通过人机验证；每号码 60 秒一条、每天 10 条，每 IP 每小时有上限）',
    tags: ['common'],
    auth: 'app',
    input: sendSmsBodySchema,
    output: sendSmsResultSchema,
    successMessage: '短信已发送,请注意查收!',
    handle: async ({ request, input }) => {
      await sendVerificationCode(context, requireMerchant(request), input, request.ip);
      return { ExpiresInSeconds: SMS_CODE_TTL_MS / 1000, ResendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000 };
    },
  });
}
