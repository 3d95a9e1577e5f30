import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { captchaCalls as calls } from '@inkstone/contracts';
import { defineCall, requireMerchant } from '../../plugins/call.ts';

/** GetCaptcha (spec §7) and VerifyCaptcha (the built-in slider's answer check). */
export function registerCaptchaRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, calls.GetCaptcha, async ({ request }) =>
    context.captcha.create(requireMerchant(request).id, request.ip),
  );

  defineCall(app, calls.VerifyCaptcha, async ({ request, input }) =>
    context.captcha.verifySlide(requireMerchant(request).id, input),
  );
}
