import {
  ORDER_STATUS_NAMES,
  PAYMENT_STATUS_NAMES,
  PAY_METHOD_NAMES,
  PAYMENT_CLOSE_REASONS,
  type OrderStatus,
  type PaymentCloseReason,
  type PayStatus,
  type Payment,
  type PaymentStatus,
  type QrCode,
} from '@inkstone/contracts';
import type { MerchantGateways } from './create-gateway.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { SIMULATOR_PROVIDER } from './gateways/simulator-gateway.ts';
import type { PaymentRow } from './payments.repository.ts';

type PaymentOrderLink = { order_id: number; order_no: string; total_fen: number; status: number };

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** What the pay page needs of the merchant's gateways: which methods, and whether simulated. */
type GatewayChoice = Pick<MerchantGateways, 'methods' | 'isSimulated'> &
  Partial<Pick<MerchantGateways, 'hasWechatJsapi'>>;

/** The methods a payment can still be paid by: 微信 / 支付宝 only through the merchant's gateways. */
export function methodsOf(payment: PaymentRow, gateways: GatewayChoice): Payment['Methods'] {
  if (payment.status !== 'pending') return [];
  const online = (['wechat', 'alipay'] as const).filter((method) => gateways.methods.includes(method));
  return payment.purpose === 'recharge' ? online : ['balance', ...online];
}

/**
 * 模拟支付: a paid payment was paid through the simulator; one still open would be, by QR code,
 * through the merchant's gateway.
 */
export function isSimulatedPayment(payment: PaymentRow, gateways: GatewayChoice): boolean {
  if (payment.status === 'paid')
    return payment.method !== 'balance' && payment.provider === SIMULATOR_PROVIDER;
  return gateways.isSimulated;
}

export function toPayment(
  payment: PaymentRow,
  links: PaymentOrderLink[],
  balanceFen: number,
  gateway: GatewayChoice,
): Payment {
  return {
    PaymentNo: payment.payment_no,
    Purpose: payment.purpose as Payment['Purpose'],
    Status: payment.status as PaymentStatus,
    StatusName: PAYMENT_STATUS_NAMES[payment.status as PaymentStatus] ?? '',
    AmountFen: payment.amount_fen,
    PayMethod: payment.method,
    PayMethodName: PAY_METHOD_NAMES[payment.method] ?? '',
    Orders: links.map((link) => ({
      OrderId: link.order_id,
      OrderNo: link.order_no,
      TotalFen: link.total_fen,
      Status: link.status,
      StatusName: ORDER_STATUS_NAMES[link.status as OrderStatus] ?? '',
    })),
    BalanceFen: balanceFen,
    Methods: methodsOf(payment, gateway),
    IsSimulated: isSimulatedPayment(payment, gateway),
    ExpiresAt: new Date(payment.expires_at).toISOString(),
    PaidAt: iso(payment.paid_at),
    CreatedAt: new Date(payment.created_at).toISOString(),
  };
}

/** Why a closed payment was closed, when it was recorded. */
function closeReasonOf(payment: PaymentRow): PaymentCloseReason | null {
  if (payment.status !== 'closed') return null;
  const reason = payment.close_reason as PaymentCloseReason;
  return PAYMENT_CLOSE_REASONS.includes(reason) ? reason : null;
}

export function toPayStatus(
  payment: PaymentRow,
  orderIds: number[],
  balanceFen: number,
  gateway: GatewayChoice,
  now: number,
): PayStatus {
  return {
    PaymentNo: payment.payment_no,
    Purpose: payment.purpose as PayStatus['Purpose'],
    Status: payment.status as PaymentStatus,
    StatusName: PAYMENT_STATUS_NAMES[payment.status as PaymentStatus] ?? '',
    CloseReason: closeReasonOf(payment),
    ExpiresAt: new Date(payment.expires_at).toISOString(),
    IsPaid: payment.status === 'paid',
    AmountFen: payment.amount_fen,
    PayMethod: payment.method,
    PayMethodName: PAY_METHOD_NAMES[payment.method] ?? '',
    PaidAt: iso(payment.paid_at),
    QrExpiresAt: iso(payment.qr_expires_at),
    IsQrExpired:
      payment.status === 'pending' && payment.qr_expires_at !== null && payment.qr_expires_at <= now,
    OrderIds: orderIds,
    BalanceFen: balanceFen,
    Methods: methodsOf(payment, gateway),
    IsSimulated: isSimulatedPayment(payment, gateway),
    WechatJsapi: payment.status === 'pending' && gateway.hasWechatJsapi === true,
  };
}

export function toQrCode(
  payment: PaymentRow,
  payType: 'wechat' | 'alipay',
  gateway: PaymentGateway,
  codeUrl: string,
  image: string,
  expiresAt: number,
  now: number,
): QrCode {
  return {
    PaymentNo: payment.payment_no,
    Purpose: payment.purpose as QrCode['Purpose'],
    PayType: payType,
    PayTypeName: PAY_METHOD_NAMES[payType] ?? '',
    AmountFen: payment.amount_fen,
    QrCode: image,
    CodeUrl: codeUrl,
    ExpiresAt: new Date(expiresAt).toISOString(),
    ExpiresInSeconds: Math.max(0, Math.round((expiresAt - now) / 1000)),
    IsSimulated: gateway.isSimulated,
  };
}
