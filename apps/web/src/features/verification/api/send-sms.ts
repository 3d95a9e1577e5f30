import type { SendSmsBody } from '@inkstone/contracts';
import { smsCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/common/SendSms: sends a verification code; the captcha answer is used up by it. */
export function sendSms(body: SendSmsBody): Promise<unknown> {
  return api.call(smsCalls.SendSms, body);
}
