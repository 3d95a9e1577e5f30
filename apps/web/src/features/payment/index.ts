/**
 * Public face of payment: starting a payment for unpaid orders, and paying by QR code (issue,
 * refresh, countdown and pay-status polling), paying on a phone (the phone test, the gateway's
 * page, the wait for the result), paying inside 微信 (JSAPI) and the 模拟支付 mark, for the recharge dialog. The pay page loads
 * with the route.
 */
export { postServiceOrderPay } from './api/post-service-order-pay.ts';
export { useQrPayment } from './hooks/use-qr-payment.ts';
export type { QrPayment, UseQrPaymentOptions } from './hooks/use-qr-payment.ts';
export { SimulatedTag } from './components/pay-notices.tsx';
export { useIsPhone } from './hooks/use-is-phone.ts';
export { openPayPage } from './hooks/open-pay-page.ts';
export { RETURNED_PARAM } from './hooks/returned-param.ts';
export { MobilePay } from './components/mobile-pay.tsx';
export { useWechatJsapi } from './hooks/use-wechat-jsapi.ts';
export type { WechatJsapi } from './hooks/use-wechat-jsapi.ts';
export { isWechatBrowser } from './hooks/wechat-bridge.ts';
export { WechatBrowserHints, WechatJsapiPay } from './components/wechat-jsapi-pay.tsx';
