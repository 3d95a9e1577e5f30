import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cartCalls as calls } from '@inkstone/contracts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import type { Owner } from './cart.repository.ts';
import type { CartService } from './cart.service.ts';

export function ownerOf(request: FastifyRequest): Owner {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}

/** Spec §7 Orders, the cart part (docs/orders.md): addorderitem, ShopCarOrders, TotalShopCarOrders and two more. */
export function registerCartRoutes(app: FastifyInstance, cart: CartService): void {
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
