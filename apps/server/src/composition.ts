import type { ServerContext } from './context.ts';
import { CartService } from './modules/cart/index.ts';
import { CheckoutService, OrdersService } from './modules/orders/index.ts';
import type { PaymentGateway } from './modules/payments/index.ts';
import { createGateway, PaymentsService } from './modules/payments/index.ts';
import { CatalogStore, ProductsService } from './modules/products/index.ts';
import { StaffOrdersService, StaffService } from './modules/staff/index.ts';
import { createUploadsModule, type UploadsModule } from './modules/uploads/index.ts';

/** The services of one server, built once, in dependency order, and handed to the routes. */
export interface Services {
  catalogs: CatalogStore;
  products: ProductsService;
  cart: CartService;
  uploads: UploadsModule;
  orders: OrdersService;
  checkout: CheckoutService;
  gateway: PaymentGateway;
  payments: PaymentsService;
  staff: StaffService;
  staffOrders: StaffOrdersService;
}

/**
 * The composition root: every service is made here from the context and the services it
 * needs, so no module looks another up at run time. Background work (the uploads' analysis and
 * clean-up) is started by `startServices` once the server is ready.
 */
export function composeServices(context: ServerContext): Services {
  const { db, clock, log, config } = context;
  const catalogs = new CatalogStore({ db, clock, log });
  const products = new ProductsService(catalogs, clock);
  const cart = new CartService({ db, clock, catalogs });
  const uploads = createUploadsModule(context);
  const gateway = createGateway(context);
  const payments = new PaymentsService({
    db,
    clock,
    log,
    gateway,
    settings: {
      qrTtlSeconds: config.PAYMENT_QR_TTL_SECONDS,
      expireMinutes: config.PAYMENT_EXPIRE_MINUTES,
    },
  });
  const orders = new OrdersService({ context, payments, cart, catalogs, uploads });
  const checkout = new CheckoutService({
    context,
    cart,
    catalogs,
    uploads,
    readOrder: (owner, id) => orders.read(owner, id),
  });
  const staff = new StaffService({ db, clock, tokenTtlSeconds: config.STAFF_TOKEN_TTL_SECONDS });
  const staffOrders = new StaffOrdersService({ context, orders });
  return { catalogs, products, cart, uploads, orders, checkout, gateway, payments, staff, staffOrders };
}

/** Starts the services' background work (once the server is ready). */
export function startServices(services: Services): void {
  services.uploads.start();
}

/** Stops it, and lets go of what the services hold (when the server closes). */
export async function stopServices(services: Services): Promise<void> {
  await services.uploads.stop();
}
