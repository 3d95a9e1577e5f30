import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  balancePayBodySchema,
  getQrCodeBodySchema,
  orderPayBodySchema,
  payStatusSchema,
  paymentNotifyResultSchema,
  paymentSchema,
  qrCodeSchema,
  qrRefreshQuerySchema,
  queryPayStatusBodySchema,
  rechargeBodySchema,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { customerActor } from '../orders/actors.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { SimulatorGateway } from './gateways/simulator-gateway.ts';
import type { PaymentOwner } from './payments.repository.ts';
import { PaymentsService } from './payments.service.ts';
import { registerSimulatorRoutes } from './simulator.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments, for maintenance and tests. */
    payments: PaymentsService;
  }
}

const TAGS = ['payment'];

function ownerOf(request: FastifyRequest): PaymentOwner {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}

/** Scheme and host the customer reached the site on (the simulator's page lives there). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The QR-code gateway PAYMENT_PROVIDER names. */
function createGateway(context: ServerContext): PaymentGateway {
  switch (context.config.PAYMENT_PROVIDER) {
    case 'simulator':
      return new SimulatorGateway(context.signingSecret);
  }
}

/** A notification's body is the gateway's own shape (not bizcontent); the gateway checks it. */
const notifyBodySchema = z
  .object({})
  .catchall(z.unknown())
  .describe(
    '网关通知原文；模拟器的字段见 docs/payments.md（PaymentNo、TradeNo、AmountFen、Status、PayType、Timestamp、Nonce、Sign）',
  );

/**
 * Spec §7 Payment and Customer Recharge (docs/payments.md), the gateway notification path and
 * the simulator's page.
 */
export function registerPaymentRoutes(app: FastifyInstance, context: ServerContext): void {
  const gateway = createGateway(context);
  const payments = new PaymentsService({
    db: context.db,
    clock: context.clock,
    log: context.log,
    gateway,
    settings: {
      qrTtlSeconds: context.config.PAYMENT_QR_TTL_SECONDS,
      expireMinutes: context.config.PAYMENT_EXPIRE_MINUTES,
    },
  });
  app.decorate('payments', payments);

  defineCall(app, {
    method: 'POST',
    url: '/api/v1/post_service_order_pay',
    summary: '发起支付：为一个或多个待付款订单的合计金额创建支付单（之后选余额或扫码支付）',
    tags: TAGS,
    auth: 'customer',
    input: orderPayBodySchema,
    output: paymentSchema,
    handle: async ({ request, input }) => payments.createOrderPayment(ownerOf(request), input.OrderIds),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/payment/BalancePaymannet',
    summary: '余额支付：一个事务内扣减余额（条件更新，不会透支）、记账并把订单转为待审稿',
    tags: TAGS,
    auth: 'customer',
    input: balancePayBodySchema,
    output: paymentSchema,
    successMessage: '支付成功',
    handle: async ({ request, input }) =>
      payments.payWithBalance(ownerOf(request), customerActor(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/payment/getqrcode',
    summary: '扫码支付二维码（微信支付 / 支付宝，PNG data URL，限时有效）',
    tags: TAGS,
    auth: 'customer',
    input: getQrCodeBodySchema,
    output: qrCodeSchema,
    handle: async ({ request, input }) =>
      payments.issueQrCode(ownerOf(request), input.PaymentNo, input.PayType, originOf(request)),
  });

  defineCall(app, {
    method: 'GET',
    url: '/api/v1/get_qrcode_refresh',
    summary: '刷新过期的支付二维码',
    tags: TAGS,
    auth: 'customer',
    input: qrRefreshQuerySchema,
    output: qrCodeSchema,
    handle: async ({ request, input }) =>
      payments.refreshQrCode(ownerOf(request), input.PaymentNo, input.PayType, originOf(request)),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/payment/QueryPayStatus',
    summary: '查询支付状态（支付页轮询）',
    tags: TAGS,
    auth: 'customer',
    input: queryPayStatusBodySchema,
    output: payStatusSchema,
    handle: async ({ request, input }) => payments.queryStatus(ownerOf(request), input.PaymentNo),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/cust/Recharge',
    summary: '余额充值：创建充值支付单并返回扫码支付二维码',
    tags: ['customer'],
    auth: 'customer',
    input: rechargeBodySchema,
    output: qrCodeSchema,
    handle: async ({ request, input }) => payments.recharge(ownerOf(request), input, originOf(request)),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/payment/notify/:provider',
    summary: '支付网关异步通知（签名校验、幂等：重复或伪造的通知不改变任何数据）',
    tags: TAGS,
    auth: 'public',
    rawBody: true,
    input: notifyBodySchema,
    output: paymentNotifyResultSchema,
    handle: async ({ request, input }) =>
      payments.handleNotification((request.params as { provider: string }).provider, input),
  });

  if (gateway instanceof SimulatorGateway) registerSimulatorRoutes(app, context, gateway);
}
