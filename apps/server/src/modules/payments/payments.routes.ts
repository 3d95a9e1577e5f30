import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { paymentsCalls as calls } from '@inkstone/contracts';
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

  defineCall(app, calls.post_service_order_pay, async ({ request, input }) =>
    payments.createOrderPayment(ownerOf(request), input.OrderIds),
  );

  defineCall(app, calls.BalancePaymannet, async ({ request, input }) =>
    payments.payWithBalance(ownerOf(request), customerActor(request), input),
  );

  defineCall(app, calls.getqrcode, async ({ request, input }) =>
    payments.issueQrCode(ownerOf(request), input.PaymentNo, input.PayType, originOf(request)),
  );

  defineCall(app, calls.get_qrcode_refresh, async ({ request, input }) =>
    payments.refreshQrCode(ownerOf(request), input.PaymentNo, input.PayType, originOf(request)),
  );

  defineCall(app, calls.QueryPayStatus, async ({ request, input }) =>
    payments.queryStatus(ownerOf(request), input.PaymentNo),
  );

  defineCall(app, calls.Recharge, async ({ request, input }) =>
    payments.recharge(ownerOf(request), input, originOf(request)),
  );

  defineCall(app, calls.PaymentNotify, async ({ request, input }) =>
    payments.handleNotification((request.params as { provider: string }).provider, input),
  );

  if (gateway instanceof SimulatorGateway) registerSimulatorRoutes(app, context, gateway);
}
