import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { paymentsCalls as calls } from '@inkstone/contracts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { customerActor } from '../orders/index.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { SimulatorGateway } from './gateways/simulator-gateway.ts';
import type { PaymentOwner } from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';
import { registerSimulatorRoutes } from './simulator.routes.ts';

function ownerOf(request: FastifyRequest): PaymentOwner {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}

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
  { payments, gateway }: { payments: PaymentsService; gateway: PaymentGateway },
): void {
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
