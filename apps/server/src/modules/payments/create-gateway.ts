import type { ServerContext } from '../../context.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { SimulatorGateway } from './gateways/simulator-gateway.ts';

/** What decides a merchant's gateway: whether it is a demo merchant (`merchants.is_demo`). */
export interface GatewayMerchant {
  isDemo: boolean;
}

/**
 * The QR-code gateways of this server and which merchant pays through which (docs/payments.md).
 * The embedded simulator takes no real money, so it is the default of demo merchants only; any
 * other merchant uses it only when the operator sets PAYMENT_PROVIDER=simulator, and has no QR
 * payment (balance only) until a gateway is configured.
 */
export interface PaymentGateways {
  /** The simulator; its page is served whenever a merchant may use it. */
  readonly simulator: SimulatorGateway;
  /** The merchant's gateway, or null when it has none. */
  forMerchant(merchant: GatewayMerchant): PaymentGateway | null;
  /** The gateway a notification path names, or null when this server has no such gateway. */
  byProvider(provider: string): PaymentGateway | null;
}

/** The gateways PAYMENT_PROVIDER configures. */
export function createGateways(context: ServerContext): PaymentGateways {
  const simulator = new SimulatorGateway(context.signingSecret);
  const isSimulatorForEveryone = context.config.PAYMENT_PROVIDER === 'simulator';
  return {
    simulator,
    forMerchant: (merchant) => (merchant.isDemo || isSimulatorForEveryone ? simulator : null),
    byProvider: (provider) => (provider === simulator.provider ? simulator : null),
  };
}
