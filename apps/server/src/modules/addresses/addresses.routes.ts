import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { addressesCalls as calls } from '@inkstone/contracts';
import { defineCall, customerScopeOf } from '../../plugins/call.ts';
import { toDeliverGoodsAddress } from './addresses.mapper.ts';
import {
  addDeliveryAddress,
  deleteDeliveryAddress,
  queryDeliveryAddresses,
  setDefaultDeliveryAddress,
  updateDeliveryAddress,
} from './addresses.service.ts';

/**
 * Spec §7 Customer: QueryDeliverGoodsAddress, AddDeliverGoodsAddress, UpdateDeliverGoodsAddress,
 * and the two calls the address book also needs, DeleteDeliverGoodsAddress and
 * SetDefaultDeliverGoodsAddress (docs/addresses-express-coupons.md). Signed-in customers only.
 */
export function registerAddressRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, calls.QueryDeliverGoodsAddress, async ({ request, input }) =>
    queryDeliveryAddresses(context, customerScopeOf(request), input),
  );

  defineCall(app, calls.AddDeliverGoodsAddress, async ({ request, input }) =>
    toDeliverGoodsAddress(await addDeliveryAddress(context, customerScopeOf(request), input)),
  );

  defineCall(app, calls.UpdateDeliverGoodsAddress, async ({ request, input }) =>
    toDeliverGoodsAddress(await updateDeliveryAddress(context, customerScopeOf(request), input)),
  );

  defineCall(app, calls.DeleteDeliverGoodsAddress, async ({ request, input }) =>
    deleteDeliveryAddress(context, customerScopeOf(request), input.Id),
  );

  defineCall(app, calls.SetDefaultDeliverGoodsAddress, async ({ request, input }) =>
    toDeliverGoodsAddress(await setDefaultDeliveryAddress(context, customerScopeOf(request), input.Id)),
  );
}
