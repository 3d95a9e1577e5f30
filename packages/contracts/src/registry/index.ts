/**
 * The call registry: one entry per call of the wire contract, in files that mirror the server's
 * modules. The server registers each call from its entry and the web makes it through
 * `api.call(entry, body)`; OpenAPI is generated from the routes the entries made.
 */
import { addressesCalls } from './addresses.ts';
import { batchCalls } from './batch.ts';
import { billsCalls } from './bills.ts';
import { captchaCalls } from './captcha.ts';
import { cartCalls } from './cart.ts';
import { couponsCalls } from './coupons.ts';
import { customersCalls } from './customers.ts';
import { excelCalls } from './excel.ts';
import { expressCalls } from './express.ts';
import { merchantsCalls } from './merchants.ts';
import { oauthCalls } from './oauth.ts';
import { ordersCalls } from './orders.ts';
import { paymentsCalls } from './payments.ts';
import { printCalls } from './print.ts';
import { productsCalls } from './products.ts';
import { smsCalls } from './sms.ts';
import { staffCalls } from './staff.ts';
import { uploadsCalls } from './uploads.ts';
import { websiteCalls } from './website.ts';

export { addressesCalls };
export { batchCalls };
export { billsCalls };
export { captchaCalls };
export { cartCalls };
export { couponsCalls };
export { customersCalls };
export { excelCalls };
export { expressCalls };
export { merchantsCalls };
export { oauthCalls };
export { ordersCalls };
export { paymentsCalls };
export { printCalls };
export { productsCalls };
export { smsCalls };
export { staffCalls };
export { STAFF_CALL_ROLES, mayMakeStaffCall, type StaffCallName } from './staff.ts';
export { uploadsCalls };
export { websiteCalls };
export * from './first-page.ts';

/** Every call by module: `calls.orders.QueryOrders`, `calls.staff.QueryOrders`. */
export const calls = {
  addresses: addressesCalls,
  batch: batchCalls,
  bills: billsCalls,
  captcha: captchaCalls,
  cart: cartCalls,
  coupons: couponsCalls,
  customers: customersCalls,
  excel: excelCalls,
  express: expressCalls,
  merchants: merchantsCalls,
  oauth: oauthCalls,
  orders: ordersCalls,
  payments: paymentsCalls,
  print: printCalls,
  products: productsCalls,
  sms: smsCalls,
  staff: staffCalls,
  uploads: uploadsCalls,
  website: websiteCalls,
};
