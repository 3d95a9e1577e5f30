import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { paymentsCalls as calls } from '@inkstone/contracts';
import { defineCall, customerScopeOf, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { customerActor } from '../orders/index.ts';
import type { PaymentGateways } from './create-gateway.ts';
import { registerGatewayNotifyRoutes } from './gateway-notify.routes.ts';
import type { GatewayTestPayments } from './gateway-test-payments.ts';
import type { GatewayTradesService } from './gateway-trades.service.ts';
import type { PaymentsService } from './payments.service.ts';
import { registerSimulatorRoutes } from './simulator.routes.ts';
import type { WechatJsapiService } from './wechat-jsapi.service.ts';

/** Scheme and host the customer reached the site on (the simulator's page lives there). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Spec §7 Payment and Customer Recharge (docs/payments.md), the gateway notification path and
 * the simulator's page.
 */
export function registerPaymentRoutes(
  app: FastifyInstance,
  context: ServerContext,
  {
    payments,
    gateways,
    gatewayTrades,
    testPayments,
    wechatJsapi,
  }: {
    payments: PaymentsService;
    gateways: PaymentGateways;
    gatewayTrades: GatewayTradesService;
    testPayments: GatewayTestPayments;
    wechatJsapi: WechatJsapiService;
  },
): void {
  defineCall(app, calls.post_service_order_pay, async ({ request, input }) =>
    payments.createOrderPayment(customerScopeOf(request), input.OrderIds),
  );

  defineCall(app, calls.BalancePaymannet, async ({ request, input }) => {
    // The request's merchant, as tenancy resolved it, decides the gateways the reply lists.
    const merchant = requireMerchant(request);
    return payments.payWithBalance(customerScopeOf(request), customerActor(request), input, {
      id: merchant.id,
      code: merchant.code,
      isDemo: merchant.is_demo === 1,
    });
  });

  defineCall(app, calls.getqrcode, async ({ request, input }) =>
    payments.issueQrCode(customerScopeOf(request), input.PaymentNo, input.PayType, originOf(request)),
  );

  defineCall(app, calls.get_qrcode_refresh, async ({ request, input }) =>
    payments.refreshQrCode(customerScopeOf(request), input.PaymentNo, input.PayType, originOf(request)),
  );

  defineCall(app, calls.QueryPayStatus, async ({ request, input }) =>
    payments.queryStatus(customerScopeOf(request), input.PaymentNo),
  );

  defineCall(app, calls.GetMobilePayUrl, async ({ request, input }) =>
    payments.mobilePay(customerScopeOf(request), input, { origin: originOf(request), clientIp: request.ip }),
  );

  defineCall(app, calls.MobileRecharge, async ({ request, input }) =>
    payments.mobileRecharge(customerScopeOf(request), input, {
      origin: originOf(request),
      clientIp: request.ip,
    }),
  );

  // 微信内支付 (JSAPI): the 网页授权 state is bound to this session (its token's hash).
  defineCall(app, calls.WechatJsapiPay, async ({ request, input }) =>
    wechatJsapi.pay(
      customerScopeOf(request),
      { tokenHash: requireCustomer(request).tokenHash },
      input,
      originOf(request),
    ),
  );

  defineCall(app, calls.WechatJsapiRecharge, async ({ request, input }) =>
    wechatJsapi.recharge(
      customerScopeOf(request),
      { tokenHash: requireCustomer(request).tokenHash },
      input,
      originOf(request),
    ),
  );

  defineCall(app, calls.WechatOauthCallback, async ({ request, input }) =>
    wechatJsapi.callback(customerScopeOf(request), { tokenHash: requireCustomer(request).tokenHash }, input),
  );

  defineCall(app, calls.Recharge, async ({ request, input }) =>
    payments.recharge(customerScopeOf(request), input, originOf(request)),
  );

  defineCall(app, calls.PaymentNotify, async ({ request, input }) =>
    payments.handleNotification((request.params as { provider: string }).provider, input),
  );

  // Demo merchants may pay on the simulator whatever PAYMENT_PROVIDER says, so its page is always
  // served; a payment of a merchant that may not use it is refused by the notify handler.
  registerSimulatorRoutes(app, context, gateways.simulator);
  // 微信支付 and 支付宝 notifications, at each merchant's own address, in each gateway's protocol.
  registerGatewayNotifyRoutes(app, context, { gateways, trades: gatewayTrades, tests: testPayments });
}
