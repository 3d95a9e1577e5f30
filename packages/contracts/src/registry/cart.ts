/** The calls of the server's cart module (apps/server/src/modules/cart). */
import { defineContract, emptyInputSchema } from '../call-contract.ts';
import {
  addOrderItemBodySchema,
  cartLineSchema,
  cartPageSchema,
  cartTotalSchema,
  deleteShopCarOrdersBodySchema,
  deletedCountSchema,
  shopCarOrdersBodySchema,
  updateShopCarOrderBodySchema,
} from '../calls/cart.ts';

export const cartCalls = {
  addorderitem: defineContract({
    method: 'POST',
    path: '/api/order/addorderitem',
    summary: '加入购物车：服务器按当前商品目录重新计价（客户端价格不被采用）',
    tags: ['order'],
    auth: 'customer',
    input: addOrderItemBodySchema,
    output: cartLineSchema,
    successMessage: '已加入购物车',
  }),
  ShopCarOrders: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/order/ShopCarOrders',
    summary: '购物车：按今天的价格列出（价格变化、不可下单的行单独标出）',
    tags: ['order'],
    auth: 'customer',
    input: shopCarOrdersBodySchema,
    output: cartPageSchema,
  }),
  TotalShopCarOrders: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/order/TotalShopCarOrders',
    summary: '购物车数量与金额（角标用）',
    tags: ['order'],
    auth: 'customer',
    input: emptyInputSchema,
    output: cartTotalSchema,
  }),
  UpdateShopCarOrder: defineContract({
    method: 'POST',
    path: '/api/order/UpdateShopCarOrder',
    summary: '修改购物车行的数量（重新计价）或备注',
    tags: ['order'],
    auth: 'customer',
    input: updateShopCarOrderBodySchema,
    output: cartLineSchema,
  }),
  DeleteShopCarOrders: defineContract({
    method: 'POST',
    path: '/api/order/DeleteShopCarOrders',
    summary: '从购物车删除（全部删除或都不删除）',
    tags: ['order'],
    auth: 'customer',
    input: deleteShopCarOrdersBodySchema,
    output: deletedCountSchema,
    successMessage: '删除成功',
  }),
};
