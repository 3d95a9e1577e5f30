import type { ServerContext } from './context.ts';
import { ServerInstance } from './db/instances.ts';
import { BatchOrderService } from './modules/batch/index.ts';
import { CartService } from './modules/cart/index.ts';
import { ExcelImportService, ExcelService } from './modules/excel/index.ts';
import { CheckoutService, OrdersService } from './modules/orders/index.ts';
import {
  createGateways,
  createPaymentAdmin,
  GatewayTestPayments,
  GatewayTradesService,
  PaymentsService,
  type PaymentAdmin,
  type PaymentGateways,
  WechatJsapiService,
} from './modules/payments/index.ts';
import { PrintService } from './modules/print/index.ts';
import { CatalogAdmin, CatalogStore, ProductImages, ProductsService } from './modules/products/index.ts';
import { createSmsModule, type SmsModule } from './modules/sms/index.ts';
import { AuditLog } from './modules/audit/index.ts';
import { StaffCustomersService, StaffOrdersService, StaffService } from './modules/staff/index.ts';
import { createUploadsModule, type UploadsModule } from './modules/uploads/index.ts';
import { SiteContentAdmin, WebsiteService } from './modules/website/index.ts';

/** The services of one server, built once, in dependency order, and handed to the routes. */
export interface Services {
  /** This process among the instances sharing the database (db/instances.ts). */
  instance: ServerInstance;
  catalogs: CatalogStore;
  /** The console's 商品与价格: the catalogue read for editing, published, imported, exported. */
  catalogAdmin: CatalogAdmin;
  products: ProductsService;
  cart: CartService;
  batch: BatchOrderService;
  uploads: UploadsModule;
  orders: OrdersService;
  checkout: CheckoutService;
  gateways: PaymentGateways;
  payments: PaymentsService;
  /** Trades at 微信支付 / 支付宝: notifications, reconciliation, refunds (docs/payments.md). */
  gatewayTrades: GatewayTradesService;
  testPayments: GatewayTestPayments;
  /** 微信内支付 (JSAPI): 网页授权 for the payer's openid, then the bridge's parameters. */
  wechatJsapi: WechatJsapiService;
  /** The back office's gateway accounts and refunds to the payer's account. */
  paymentAdmin: PaymentAdmin;
  staff: StaffService;
  /** The console's 操作日志 (written by the staff call plumbing, read by QueryAuditLog). */
  audit: AuditLog;
  staffOrders: StaffOrdersService;
  staffCustomers: StaffCustomersService;
  website: WebsiteService;
  /** The console's editing of site content (help centre, editor pictures). */
  siteContent: SiteContentAdmin;
  excel: ExcelService;
  /** Excel import: addresses and batch orders from an uploaded workbook (docs/excel.md). */
  excelImport: ExcelImportService;
  /** Printable HTML of orders, delivery notes and bill statements (docs/excel.md). */
  print: PrintService;
  /** The merchants' SMS: their gateways or the outbox, order notices, the back office's settings. */
  sms: SmsModule;
}

/**
 * The composition root: every service is made here from the context and the services it
 * needs, so no module looks another up at run time. Background work (the uploads' analysis and
 * clean-up) is started by `startServices` once the server is ready.
 */
export function composeServices(context: ServerContext): Services {
  const { db, clock, log, config } = context;
  const catalogs = new CatalogStore({ db, clock, log });
  const productImages = new ProductImages(db);
  const products = new ProductsService(catalogs, clock, productImages);
  const instance = new ServerInstance({ db, clock, log });
  const uploads = createUploadsModule(context, instance);
  const cart = new CartService({ db, clock, catalogs, productImages, files: uploads.files });
  const batch = new BatchOrderService({ db, clock, catalogs, productImages, uploads });
  const gateways = createGateways(context);
  const gatewayTrades = new GatewayTradesService({
    db,
    clock,
    log,
    gateways,
    baseDomain: config.BASE_DOMAIN,
  });
  const testPayments = new GatewayTestPayments({
    db,
    clock,
    log,
    gateways,
    qrTtlSeconds: config.PAYMENT_QR_TTL_SECONDS,
  });
  const payments = new PaymentsService({
    db,
    clock,
    log,
    gateways,
    trades: gatewayTrades,
    settings: {
      qrTtlSeconds: config.PAYMENT_QR_TTL_SECONDS,
      expireMinutes: config.PAYMENT_EXPIRE_MINUTES,
    },
  });
  const orders = new OrdersService({ context, payments, cart, catalogs, uploads, productImages });
  const checkout = new CheckoutService({
    context,
    cart,
    catalogs,
    uploads,
    describeOrder: (written) => orders.detailFromRows(written),
  });
  const staff = new StaffService({ db, clock, tokenTtlSeconds: config.STAFF_TOKEN_TTL_SECONDS });
  const sms = createSmsModule(context);
  const staffOrders = new StaffOrdersService({
    context,
    orders,
    sms: sms.sender,
    refunds: {
      refundToOriginal: (merchantId, actorName, input) =>
        gatewayTrades.refundToOriginal(merchantId, actorName, input),
    },
  });
  const staffCustomers = new StaffCustomersService({ context, orders });
  const website = new WebsiteService({ db, clock, products });
  const siteContent = new SiteContentAdmin({
    db,
    clock,
    soldProducts: (merchantId, productIds) => products.fromPrices(merchantId, productIds),
  });
  const excel = new ExcelService({ context, orders, cart });
  const excelImport = new ExcelImportService({ context, cart, files: uploads.files });
  const print = new PrintService({ context, orders });
  return {
    instance,
    catalogs,
    catalogAdmin: new CatalogAdmin({
      db,
      clock,
      catalogs,
      findSitePicture: (merchantId, imageId) => siteContent.findPicture(merchantId, imageId),
    }),
    products,
    cart,
    batch,
    uploads,
    orders,
    checkout,
    gateways,
    payments,
    gatewayTrades,
    testPayments,
    wechatJsapi: new WechatJsapiService({
      db,
      clock,
      log,
      gateways,
      payments,
      oauth: {
        authorizeBaseUrl: config.PAYMENT_WECHAT_OAUTH_URL,
        apiBaseUrl: config.PAYMENT_WECHAT_SNS_API_URL,
      },
    }),
    paymentAdmin: createPaymentAdmin(gateways, gatewayTrades, testPayments),
    staff,
    audit: new AuditLog(db),
    staffOrders,
    staffCustomers,
    website,
    siteContent,
    excel,
    excelImport,
    print,
    sms,
  };
}

/** Registers this instance and starts the services' background work (once the server is ready). */
export async function startServices(services: Services): Promise<void> {
  await services.instance.start();
  await services.uploads.start();
}

/** Stops it, and lets go of what the services hold (when the server closes). */
export async function stopServices(services: Services): Promise<void> {
  await services.uploads.stop();
  await services.sms.stop();
  await services.instance.stop();
}
