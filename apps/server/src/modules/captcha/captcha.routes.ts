import type { FastifyInstance } from 'fastify';
import { captchaResultSchema, captchaSchema, verifyCaptchaBodySchema } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { defineCall, emptyInputSchema, requireMerchant } from '../../plugins/call.ts';

/** GetCaptcha (spec §7) and VerifyCaptcha (the built-in slider's answer check). */
export function registerCaptchaRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, {
    method: 'GET',
    url: '/api/common/GetCaptcha',
    summary: '获取人机验证（自建滑块或极验 v3）',
    tags: ['common'],
    auth: 'app',
    input: emptyInputSchema,
    output: captchaSchema,
    handle: async ({ request }) => context.captcha.create(requireMerchant(request).id, request.ip),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/common/VerifyCaptcha',
    summary: '校验滑块位置，通过后返回 geetest_challenge / geetest_validate / geetest_seccode',
    tags: ['common'],
    auth: 'app',
    input: verifyCaptchaBodySchema,
    output: captchaResultSchema,
    handle: async ({ request, input }) => context.captcha.verifySlide(requireMerchant(request).id, input),
  });
}
