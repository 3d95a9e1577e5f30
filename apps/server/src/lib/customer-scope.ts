/**
 * The customer a customer call acts for, within their merchant: every read and write of a
 * customer's cart, orders, files, addresses, coupons, payments and balance is scoped by both.
 */
export interface CustomerScope {
  merchantId: number;
  customerId: number;
}
