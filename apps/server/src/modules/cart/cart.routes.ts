import type { FastifyInstance } from 'fastify';
import { cartCalls as calls } from '@inkstone/contracts';
import { defineCall, customerScopeOf } from '../../plugins/call.ts';
import type { CartService } from './cart.service.ts';

/** Spec §7 Orders, the cart part (docs/orders.md): addorderitem, ShopCarOrders, TotalShopCarOrders and two more. */
export function registerCartRoutes(app: FastifyInstance, cart: CartService): void {
  defineCall(app, calls.addorderitem, async ({ request, input }) =>
    cart.add(customerScopeOf(request), input),
  );

  defineCall(app, calls.ShopCarOrders, async ({ request, input }) =>
    cart.list(customerScopeOf(request), input),
  );

  defineCall(app, calls.TotalShopCarOrders, async ({ request }) => cart.total(customerScopeOf(request)));

  defineCall(app, calls.UpdateShopCarOrder, async ({ request, input }) =>
    cart.update(customerScopeOf(request), input),
  );

  defineCall(app, calls.DeleteShopCarOrders, async ({ request, input }) => ({
    Deleted: await cart.remove(customerScopeOf(request), input.Ids),
  }));
}
