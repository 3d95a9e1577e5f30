import type { Migration } from 'kysely';
import * as createFoundation from './20261121000000-create-foundation.ts';
import * as createUploads from './20261121010000-create-uploads.ts';
import * as createCatalogs from './20261121020000-create-catalogs.ts';
import * as createAddressesExpressCoupons from './20261121030000-create-addresses-express-coupons.ts';
import * as createOrdersPayments from './20261121040000-create-orders-payments.ts';
import * as createUnknownLoginAccounts from './20261125120000-create-unknown-login-accounts.ts';
import * as createRateLimitCounters from './20261125130000-create-rate-limit-counters.ts';
import * as createSiteContent from './20261125140000-create-site-content.ts';
import * as keyUploadContentsBySha256 from './20261125150000-key-upload-contents-by-sha256.ts';
import * as createServerInstances from './20261125150100-create-server-instances.ts';
import * as addMerchantDemoFlag from './20261125160000-add-merchant-demo-flag.ts';
import * as addPaymentCloseReason from './20261125170000-add-payment-close-reason.ts';
import * as createProductImages from './20261126100000-create-product-images.ts';
import * as createCustomerSettings from './20261126110000-create-customer-settings.ts';
import * as indexOrdersAndLedgerByCustomer from './20261126120000-index-orders-and-ledger-by-customer.ts';
import * as addMerchantRevision from './20261126130000-add-merchant-revision.ts';
import * as createBatchOrderRequests from './20261126140000-create-batch-order-requests.ts';
import * as createPaymentGatewayAccounts from './20261126150000-create-payment-gateway-accounts.ts';
import * as createSmsSettings from './20261126160000-create-sms-settings.ts';
import * as addCartLineAddressAndArtwork from './20261127100000-add-cart-line-address-and-artwork.ts';
import * as addCustomerStatusChange from './20261127300000-add-customer-status-change.ts';
import * as createMerchantLogos from './20261127400000-create-merchant-logos.ts';
import * as addCatalogPublisher from './20261128100000-add-catalog-publisher.ts';
import * as createGatewayTestPayments from './20261128500000-create-gateway-test-payments.ts';
import * as createWechatPlatformCertificates from './20261128500001-create-wechat-platform-certificates.ts';
import * as addCouponAndExpressRevisions from './20261128300000-add-coupon-and-express-revisions.ts';
import * as createStaffAuditLog from './20261128400000-create-staff-audit-log.ts';
import * as addStaffRevision from './20261128400001-add-staff-revision.ts';
import * as addHelpContentEditing from './20261128200000-add-help-content-editing.ts';
import * as addSiteAdRevision from './20261128200001-add-site-ad-revision.ts';
import * as addSiteMenuRevision from './20261128200002-add-site-menu-revision.ts';
import * as addHomeAndTemplateEditing from './20261129100000-add-home-and-template-editing.ts';
import * as orderProductImages from './20261129200000-order-product-images.ts';
import * as createWechatJsapiPayers from './20261129400000-create-wechat-jsapi-payers.ts';
import * as addTestPaymentRefund from './20261129500000-add-test-payment-refund.ts';

/** Every migration in order. Listed statically so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '20261121000000-create-foundation': createFoundation,
  '20261121010000-create-uploads': createUploads,
  '20261121020000-create-catalogs': createCatalogs,
  '20261121030000-create-addresses-express-coupons': createAddressesExpressCoupons,
  '20261121040000-create-orders-payments': createOrdersPayments,
  '20261125120000-create-unknown-login-accounts': createUnknownLoginAccounts,
  '20261125130000-create-rate-limit-counters': createRateLimitCounters,
  '20261125140000-create-site-content': createSiteContent,
  '20261125150000-key-upload-contents-by-sha256': keyUploadContentsBySha256,
  '20261125150100-create-server-instances': createServerInstances,
  '20261125160000-add-merchant-demo-flag': addMerchantDemoFlag,
  '20261125170000-add-payment-close-reason': addPaymentCloseReason,
  '20261126100000-create-product-images': createProductImages,
  '20261126110000-create-customer-settings': createCustomerSettings,
  '20261126120000-index-orders-and-ledger-by-customer': indexOrdersAndLedgerByCustomer,
  '20261126130000-add-merchant-revision': addMerchantRevision,
  '20261126140000-create-batch-order-requests': createBatchOrderRequests,
  '20261126150000-create-payment-gateway-accounts': createPaymentGatewayAccounts,
  '20261126160000-create-sms-settings': createSmsSettings,
  '20261127100000-add-cart-line-address-and-artwork': addCartLineAddressAndArtwork,
  '20261127300000-add-customer-status-change': addCustomerStatusChange,
  '20261127400000-create-merchant-logos': createMerchantLogos,
  '20261128100000-add-catalog-publisher': addCatalogPublisher,
  '20261128500000-create-gateway-test-payments': createGatewayTestPayments,
  '20261128500001-create-wechat-platform-certificates': createWechatPlatformCertificates,
  '20261128300000-add-coupon-and-express-revisions': addCouponAndExpressRevisions,
  '20261128400000-create-staff-audit-log': createStaffAuditLog,
  '20261128400001-add-staff-revision': addStaffRevision,
  '20261128200000-add-help-content-editing': addHelpContentEditing,
  '20261128200001-add-site-ad-revision': addSiteAdRevision,
  '20261128200002-add-site-menu-revision': addSiteMenuRevision,
  '20261129100000-add-home-and-template-editing': addHomeAndTemplateEditing,
  '20261129200000-order-product-images': orderProductImages,
  '20261129400000-create-wechat-jsapi-payers': createWechatJsapiPayers,
  '20261129500000-add-test-payment-refund': addTestPaymentRefund,
};
