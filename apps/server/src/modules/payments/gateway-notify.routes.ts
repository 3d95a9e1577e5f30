/**
 * The real gateways' notifications (docs/payments.md), each at its merchant's own address and
 * answered in the gateway's own protocol (they are not calls of the wire contract):
 *
 * - POST /api/payment/notify/wechat/:merchant — 微信支付 API v3 (JSON; signature headers;
 *   encrypted resource): 204 when handled, 4xx/5xx with `{"code":"FAIL","message":…}` otherwise,
 *   so 微信支付 sends it again;
 * - POST /api/payment/notify/alipay/:merchant — 支付宝 (form fields, RSA2): `success` or `fail`.
 *
 * The body is read raw: the signature covers its exact bytes. A notification that does not
 * verify, is for another merchant's account, or names another amount, currency or trade changes
 * nothing. A 测试支付's trade and its automatic refund (gateway-test-payments.ts) are answered even
 * while the account is not enabled yet: it is tried before customers may pay with it, and moves no
 * customer's money.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiCode } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { MERCHANT_CODE_PATTERN } from '../../lib/merchant.ts';
import type { PaymentGateways } from './create-gateway.ts';
import { isTestRefundNo, isTestTradeNo, type GatewayTestPayments } from './gateway-test-payments.ts';
import type { GatewayTradesService } from './gateway-trades.service.ts';
import { AlipayGateway } from './gateways/alipay-gateway.ts';
import { WechatPayGateway } from './gateways/wechat-pay-gateway.ts';

const NOTIFY_BODY_LIMIT = 64 * 1024;

/** The merchant a notification address names; an address that is no company code names none. */
async function merchantIdOf(context: ServerContext, rawCode: string): Promise<number | null> {
  const code = rawCode.toLowerCase();
  if (!MERCHANT_CODE_PATTERN.test(code)) return null;
  const row = await context.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.id ?? null;
}

function wechatFail(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ code: 'FAIL', message });
}

function alipayAnswer(reply: FastifyReply, isSuccess: boolean): FastifyReply {
  return reply
    .code(200)
    .type('text/plain; charset=utf-8')
    .send(isSuccess ? 'success' : 'fail');
}

export function registerGatewayNotifyRoutes(
  app: FastifyInstance,
  context: ServerContext,
  {
    gateways,
    trades,
    tests,
  }: { gateways: PaymentGateways; trades: GatewayTradesService; tests: GatewayTestPayments },
): void {
  const isEnabled = async (merchantId: number, provider: 'wechat' | 'alipay') =>
    (await gateways.accounts.enabledProviders(merchantId)).includes(provider);

  void app.register(async (scope) => {
    // The exact bytes, as signed: JSON is not parsed before the signature is checked.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT },
      (_request, body, done) => done(null, String(body)),
    );

    scope.post<{ Params: { merchant: string } }>(
      '/api/payment/notify/wechat/:merchant',
      {
        schema: {
          summary:
            '微信支付 API v3 异步通知（支付成功、退款结果）：验签 Wechatpay-Signature，解密 AEAD_AES_256_GCM 资源；成功应答 204，失败 4xx/5xx {"code":"FAIL"}',
          tags: ['payment'],
        },
      },
      async (request, reply) => {
        const merchantId = await merchantIdOf(context, request.params.merchant);
        const gateway =
          merchantId === null
            ? null
            : await gateways.tradeGateway(merchantId, 'wechat', { evenDisabled: true });
        if (merchantId === null || !(gateway instanceof WechatPayGateway)) {
          request.log.warn(
            { merchant: request.params.merchant.slice(0, 40) },
            'wechat notification for no account',
          );
          return wechatFail(reply, 404, '商户未开通微信支付');
        }
        const raw = typeof request.body === 'string' ? request.body : '';
        const parsed = await gateway.parseNotification(request.headers, raw);
        if (!parsed.ok) {
          request.log.warn({ merchantId, reason: parsed.reason }, 'wechat notification refused');
          return wechatFail(reply, 401, '签名验证失败');
        }
        try {
          const { notification } = parsed;
          if (notification.kind === 'trade' && isTestTradeNo(notification.trade.outTradeNo)) {
            await tests.applyTrade(merchantId, gateway, notification.trade);
            return reply.code(204).send();
          }
          if (notification.kind === 'refund' && isTestRefundNo(notification.refund.outRefundNo)) {
            await tests.applyRefund(merchantId, gateway, notification.refund);
            return reply.code(204).send();
          }
          if (!(await isEnabled(merchantId, 'wechat'))) {
            request.log.warn({ merchantId }, 'wechat notification for a disabled account');
            return wechatFail(reply, 404, '商户未开通微信支付');
          }
          if (notification.kind === 'trade') await trades.applyTrade(merchantId, gateway, notification.trade);
          if (notification.kind === 'refund')
            await trades.applyRefund(merchantId, gateway, notification.refund);
          return reply.code(204).send();
        } catch (error) {
          if (error instanceof AppError && error.apiCode === ApiCode.PaymentNotifyInvalid) {
            return wechatFail(reply, 400, '通知与订单不符');
          }
          request.log.error({ err: error }, 'wechat notification failed');
          return wechatFail(reply, 500, '处理失败，请稍后重试');
        }
      },
    );

    scope.post<{ Params: { merchant: string } }>(
      '/api/payment/notify/alipay/:merchant',
      {
        schema: {
          summary: '支付宝异步通知（表单，RSA2 验签）：成功应答文本 success，否则 fail',
          tags: ['payment'],
        },
      },
      async (request, reply) => {
        const merchantId = await merchantIdOf(context, request.params.merchant);
        const gateway =
          merchantId === null
            ? null
            : await gateways.tradeGateway(merchantId, 'alipay', { evenDisabled: true });
        if (merchantId === null || !(gateway instanceof AlipayGateway)) {
          request.log.warn(
            { merchant: request.params.merchant.slice(0, 40) },
            'alipay notification for no account',
          );
          return alipayAnswer(reply, false);
        }
        const raw = typeof request.body === 'string' ? request.body : '';
        const fields = Object.fromEntries(new URLSearchParams(raw));
        const parsed = gateway.parseNotification(fields);
        if (!parsed.ok) {
          request.log.warn({ merchantId, reason: parsed.reason }, 'alipay notification refused');
          return alipayAnswer(reply, false);
        }
        try {
          if (isTestTradeNo(parsed.trade.outTradeNo)) {
            await tests.applyTrade(merchantId, gateway, parsed.trade);
            return alipayAnswer(reply, true);
          }
          if (!(await isEnabled(merchantId, 'alipay'))) {
            request.log.warn({ merchantId }, 'alipay notification for a disabled account');
            return alipayAnswer(reply, false);
          }
          await trades.applyTrade(merchantId, gateway, parsed.trade);
          return alipayAnswer(reply, true);
        } catch (error) {
          if (!(error instanceof AppError && error.apiCode === ApiCode.PaymentNotifyInvalid)) {
            request.log.error({ err: error }, 'alipay notification failed');
          }
          return alipayAnswer(reply, false);
        }
      },
    );
  });
}
