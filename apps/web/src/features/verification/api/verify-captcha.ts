import type { CaptchaResult, VerifyCaptchaBody } from '@inkstone/contracts';
import { captchaCalls } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/common/VerifyCaptcha: checks where the piece was dropped; returns the geetest-shaped answer. */
export function verifyCaptcha(body: VerifyCaptchaBody): Promise<CaptchaResult> {
  return api.call(captchaCalls.VerifyCaptcha, body, { ignoreAlert: true });
}
