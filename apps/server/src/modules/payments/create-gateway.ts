import type { ServerContext } from '../../context.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { SimulatorGateway } from './gateways/simulator-gateway.ts';

/** The QR-code gateway PAYMENT_PROVIDER names. */
export function createGateway(context: ServerContext): PaymentGateway {
  switch (context.config.PAYMENT_PROVIDER) {
    case 'simulator':
      return new SimulatorGateway(context.signingSecret);
  }
}
