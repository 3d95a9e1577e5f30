import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ordersCalls as calls } from '@inkstone/contracts';
import { defineCall, customerScopeOf, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { customerActor } from './actors.ts';
import type { CheckoutService, PickupContact } from './checkout.service.ts';

/** The signed-in customer collecting at the merchant's shop (到店自提 without an address). */
function pickupContactOf(request: FastifyRequest): PickupContact {
  const customer = requireCustomer(request);
  return {
    contacts: customer.nickName || customer.account,
    phoneNumber: customer.mobileNo,
    address: requireMerchant(request).address,
  };
}
import type { OrdersService } from './orders.service.ts';

/** Spec §7 Orders (docs/orders.md): checkout, cancel, status, append, list, detail, reorder. */
export function registerOrderRoutes(
  app: FastifyInstance,
  { orders, checkout }: { orders: OrdersService; checkout: CheckoutService },
): void {
  defineCall(app, calls.PreviewOrder, async ({ request, input }) =>
    checkout.preview(customerScopeOf(request), input, pickupContactOf(request)),
  );

  defineCall(app, calls.addorder, async ({ request, input }) =>
    checkout.place(customerScopeOf(request), customerActor(request), input, pickupContactOf(request)),
  );

  defineCall(app, calls.CustomerCancelOrder, async ({ request, input }) =>
    orders.cancelByCustomer(customerScopeOf(request), customerActor(request), input.OrderId, input.Reason),
  );

  defineCall(app, calls.GetOrderStatus, async ({ request, input }) =>
    orders.status(customerScopeOf(request), input.OrderId),
  );

  defineCall(app, calls.AppendOrderInfo, async ({ request, input }) =>
    orders.append(customerScopeOf(request), customerActor(request), input),
  );

  defineCall(app, calls.QueryOrders, async ({ request, input }) =>
    orders.query(customerScopeOf(request), input),
  );

  defineCall(app, calls.OrderDetail, async ({ request, input }) =>
    orders.detail(customerScopeOf(request), input),
  );

  defineCall(app, calls.Reorder, async ({ request, input }) =>
    orders.reorder(customerScopeOf(request), input.OrderId),
  );
}
