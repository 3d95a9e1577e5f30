import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addDeliverGoodsAddressBodySchema,
  deleteDeliverGoodsAddressResultSchema,
  deliverGoodsAddressIdBodySchema,
  deliverGoodsAddressPageSchema,
  deliverGoodsAddressSchema,
  queryDeliverGoodsAddressBodySchema,
  updateDeliverGoodsAddressBodySchema,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
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

const TAGS = ['address'];

function ownerOf(request: FastifyRequest): AddressOwner {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}

/**
 * Spec §7 Customer: QueryDeliverGoodsAddress, AddDeliverGoodsAddress, UpdateDeliverGoodsAddress,
 * and the two calls the address book also needs, DeleteDeliverGoodsAddress and
 * SetDefaultDeliverGoodsAddress (docs/addresses-express-coupons.md). Signed-in customers only.
 */
export function registerAddressRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, {
    method: 'POST',
    url: '/api/cust/QueryDeliverGoodsAddress',
    summary: '我的收货地址：默认地址在前，其余按修改时间倒序',
    tags: TAGS,
    auth: 'customer',
    input: queryDeliverGoodsAddressBodySchema,
    output: deliverGoodsAddressPageSchema,
    handle: async ({ request, input }) => queryDeliveryAddresses(context, ownerOf(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/cust/AddDeliverGoodsAddress',
    summary: '新增收货地址；第一个地址自动设为默认；每人最多 50 个',
    tags: TAGS,
    auth: 'customer',
    input: addDeliverGoodsAddressBodySchema,
    output: deliverGoodsAddressSchema,
    successMessage: '地址已保存',
    handle: async ({ request, input }) =>
      toDeliverGoodsAddress(await addDeliveryAddress(context, ownerOf(request), input)),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/cust/UpdateDeliverGoodsAddress',
    summary: '修改收货地址（全部字段）；IsDefault 不传则保持原状',
    tags: TAGS,
    auth: 'customer',
    input: updateDeliverGoodsAddressBodySchema,
    output: deliverGoodsAddressSchema,
    successMessage: '地址已保存',
    handle: async ({ request, input }) =>
      toDeliverGoodsAddress(await updateDeliveryAddress(context, ownerOf(request), input)),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/cust/DeleteDeliverGoodsAddress',
    summary: '删除收货地址（已下的订单保留下单时的地址）',
    tags: TAGS,
    auth: 'customer',
    input: deliverGoodsAddressIdBodySchema,
    output: deleteDeliverGoodsAddressResultSchema,
    successMessage: '删除成功',
    handle: async ({ request, input }) => deleteDeliveryAddress(context, ownerOf(request), input.Id),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/cust/SetDefaultDeliverGoodsAddress',
    summary: '设为默认收货地址（其余地址取消默认）',
    tags: TAGS,
    auth: 'customer',
    input: deliverGoodsAddressIdBodySchema,
    output: deliverGoodsAddressSchema,
    successMessage: '已设为默认地址',
    handle: async ({ request, input }) =>
      toDeliverGoodsAddress(await setDefaultDeliveryAddress(context, ownerOf(request), input.Id)),
  });
}
