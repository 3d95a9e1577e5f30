/** The calls of the server's captcha module (apps/server/src/modules/captcha). */
import { defineContract, emptyInputSchema } from '../call-contract.ts';
import { captchaResultSchema, captchaSchema, verifyCaptchaBodySchema } from '../calls/common.ts';

export const captchaCalls = {
  GetCaptcha: defineContract({
    method: 'GET',
    path: '/api/common/GetCaptcha',
    summary: '获取人机验证（自建滑块或极验 v3）',
    tags: ['common'],
    auth: 'app',
    input: emptyInputSchema,
    output: captchaSchema,
    rateLimit: { group: 'captcha' },
  }),
  VerifyCaptcha: defineContract({
    method: 'POST',
    path: '/api/common/VerifyCaptcha',
    summary: '校验滑块位置，通过后返回 geetest_challenge / geetest_validate / geetest_seccode',
    tags: ['common'],
    auth: 'app',
    input: verifyCaptchaBodySchema,
    output: captchaResultSchema,
    rateLimit: { group: 'captcha' },
  }),
};
