import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { addressesCalls as calls } from '@inkstone/contracts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { toDeliverGoodsAddress } from './addresses.mapper.ts';
import type { AddressOwner } from './addresses.repository.ts';
import {
  addDeliveryAddress,
  deleteDeliveryAddress,
  queryDeliveryAddresses,
  setDefaultDeliveryAddress,
  updateDeliveryAddress,
} from './addresses.service.ts';

function ownerOf(request: FastifyRequest): AddressOwner {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}

/**
 * Spec §7 Customer: QueryDeliverGoodsAddress, AddDeliverGoodsAddress, UpdateDeliverGoodsAddress,
 * and the two calls the address book also needs, DeleteDeliverGoodsAddress and
 * SetDefaultDeliverGoodsAddress (docs/addresses-express-coupons.md). Signed-in customers only.
 */
export function registerAddressRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, calls.QueryDeliverGoodsAddress, async ({ request, input }) =>
    queryDeliveryAddresses(context, ownerOf(request), input),
  );

  defineCall(app, calls.AddDeliverGoodsAddress, async ({ request, input }) =>
    toDeliverGoodsAddress(await addDeliveryAddress(context, ownerOf(request), input)),
  );

  defineCall(app, calls.UpdateDeliverGoodsAddress, async ({ request, input }) =>
    toDeliverGoodsAddress(await updateDeliveryAddress(context, ownerOf(request), input)),
  );

  defineCall(app, calls.DeleteDeliverGoodsAddress, async ({ request, input }) =>
    deleteDeliveryAddress(context, ownerOf(request), input.Id),
  );

  defineCall(app, calls.SetDefaultDeliverGoodsAddress, async ({ request, input }) =>
    toDeliverGoodsAddress(await setDefaultDeliveryAddress(context, ownerOf(request), input.Id)),
  );
}
