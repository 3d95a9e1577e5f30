/** The query parameter a page is opened with after paying in 微信 / 支付宝 on a phone. */
export const RETURNED_PARAM = 'paid_with';
