import type { FastifyInstance } from 'fastify';
import { ordersCalls as calls } from '@inkstone/contracts';
import { defineCall } from '../../plugins/call.ts';
import { ownerOf } from '../cart/index.ts';
import { customerActor } from './actors.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { OrdersService } from './orders.service.ts';

/** Spec §7 Orders (docs/orders.md): checkout, cancel, status, append, list, detail, reorder. */
export function registerOrderRoutes(
  app: FastifyInstance,
  { orders, checkout }: { orders: OrdersService; checkout: CheckoutService },
): void {
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
