/** The calls of the server's addresses module (apps/server/src/modules/addresses). */
import { defineContract } from '../call-contract.ts';
import {
  addDeliverGoodsAddressBodySchema,
  deleteDeliverGoodsAddressResultSchema,
  deliverGoodsAddressIdBodySchema,
  deliverGoodsAddressPageSchema,
  deliverGoodsAddressSchema,
  queryDeliverGoodsAddressBodySchema,
  updateDeliverGoodsAddressBodySchema,
} from '../calls/addresses.ts';

export const addressesCalls = {
  QueryDeliverGoodsAddress: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/cust/QueryDeliverGoodsAddress',
    summary: '我的收货地址：默认地址在前，其余按修改时间倒序',
    tags: ['address'],
    auth: 'customer',
    input: queryDeliverGoodsAddressBodySchema,
    output: deliverGoodsAddressPageSchema,
  }),
  AddDeliverGoodsAddress: defineContract({
    method: 'POST',
    path: '/api/cust/AddDeliverGoodsAddress',
    summary: '新增收货地址；第一个地址自动设为默认；每人最多 50 个',
    tags: ['address'],
    auth: 'customer',
    input: addDeliverGoodsAddressBodySchema,
    output: deliverGoodsAddressSchema,
    successMessage: '地址已保存',
  }),
  UpdateDeliverGoodsAddress: defineContract({
    method: 'POST',
    path: '/api/cust/UpdateDeliverGoodsAddress',
    summary: '修改收货地址（全部字段）；IsDefault 不传则保持原状',
    tags: ['address'],
    auth: 'customer',
    input: updateDeliverGoodsAddressBodySchema,
    output: deliverGoodsAddressSchema,
    successMessage: '地址已保存',
  }),
  DeleteDeliverGoodsAddress: defineContract({
    method: 'POST',
    path: '/api/cust/DeleteDeliverGoodsAddress',
    summary: '删除收货地址（已下的订单保留下单时的地址）',
    tags: ['address'],
    auth: 'customer',
    input: deliverGoodsAddressIdBodySchema,
    output: deleteDeliverGoodsAddressResultSchema,
    successMessage: '删除成功',
  }),
  SetDefaultDeliverGoodsAddress: defineContract({
    method: 'POST',
    path: '/api/cust/SetDefaultDeliverGoodsAddress',
    summary: '设为默认收货地址（其余地址取消默认）',
    tags: ['address'],
    auth: 'customer',
    input: deliverGoodsAddressIdBodySchema,
    output: deliverGoodsAddressSchema,
    successMessage: '已设为默认地址',
  }),
};
