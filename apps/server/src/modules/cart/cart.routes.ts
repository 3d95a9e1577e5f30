import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { cartCalls as calls } from '@inkstone/contracts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import type { Owner } from './cart.repository.ts';
import { CartService } from './cart.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cart, for checkout and reorder (modules/orders). */
    cart: CartService;
  }
}

export function ownerOf(request: FastifyRequest): Owner {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}

/** Spec §7 Orders, the cart part (docs/orders.md): addorderitem, ShopCarOrders, TotalShopCarOrders and two more. */
export function registerCartRoutes(app: FastifyInstance, context: ServerContext): void {
  const cart = new CartService({ db: context.db, clock: context.clock, catalogs: () => app.catalogs });
  app.decorate('cart', cart);

  defineCall(app, calls.addorderitem, async ({ request, input }) => cart.add(ownerOf(request), input));

  defineCall(app, calls.ShopCarOrders, async ({ request, input }) => cart.list(ownerOf(request), input));

  defineCall(app, calls.TotalShopCarOrders, async ({ request }) => cart.total(ownerOf(request)));

  defineCall(app, calls.UpdateShopCarOrder, async ({ request, input }) =>
    cart.update(ownerOf(request), input),
  );

  defineCall(app, calls.DeleteShopCarOrders, async ({ request, input }) => ({
    Deleted: await cart.remove(ownerOf(request), input.Ids),
  }));
}
