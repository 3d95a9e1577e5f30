import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { ordersCalls as calls } from '@inkstone/contracts';
import { defineCall } from '../../plugins/call.ts';
import { ownerOf } from '../cart/cart.routes.ts';
import { customerActor } from './actors.ts';
import { CheckoutService } from './checkout.service.ts';
import { OrdersService } from './orders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders, for merchant operations and maintenance. */
    orders: OrdersService;
  }
}

/** Spec §7 Orders (docs/orders.md): checkout, cancel, status, append, list, detail, reorder. */
export function registerOrderRoutes(app: FastifyInstance, context: ServerContext): void {
  const collaborators = {
    context,
    cart: () => app.cart,
    catalogs: () => app.catalogs,
    uploads: () => app.uploads,
  };
  const orders = new OrdersService(collaborators);
  const checkout = new CheckoutService({
    ...collaborators,
    readOrder: (owner, id) => orders.read(owner, id),
  });
  app.decorate('orders', orders);

  defineCall(app, calls.PreviewOrder, async ({ request, input }) =>
    checkout.preview(ownerOf(request), input),
  );

  defineCall(app, calls.addorder, async ({ request, input }) =>
    checkout.place(ownerOf(request), customerActor(request), input),
  );

  defineCall(app, calls.CustomerCancelOrder, async ({ request, input }) =>
    orders.cancelByCustomer(ownerOf(request), customerActor(request), input.OrderId, input.Reason),
  );

  defineCall(app, calls.GetOrderStatus, async ({ request, input }) =>
    orders.status(ownerOf(request), input.OrderId),
  );

  defineCall(app, calls.AppendOrderInfo, async ({ request, input }) =>
    orders.append(ownerOf(request), customerActor(request), input),
  );

  defineCall(app, calls.QueryOrders, async ({ request, input }) => orders.query(ownerOf(request), input));

  defineCall(app, calls.OrderDetail, async ({ request, input }) => orders.detail(ownerOf(request), input));

  defineCall(app, calls.Reorder, async ({ request, input }) =>
    orders.reorder(ownerOf(request), input.OrderId),
  );
}
