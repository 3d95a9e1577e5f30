import type { Captcha } from '@inkstone/contracts';
import { captchaCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/common/GetCaptcha: a fresh slider puzzle (or geetest parameters). Errors are shown in the dialog. */
export function getCaptcha(): Promise<Captcha> {
  return api.call(captchaCalls.GetCaptcha, { ignoreAlert: true });
}
