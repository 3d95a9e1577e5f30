import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addOrderItemBodySchema,
  cartLineSchema,
  cartPageSchema,
  cartTotalSchema,
  deleteShopCarOrdersBodySchema,
  deletedCountSchema,
  shopCarOrdersBodySchema,
  updateShopCarOrderBodySchema,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { defineCall, emptyInputSchema, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import type { Owner } from './cart.repository.ts';
import { CartService } from './cart.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cart, for checkout and reorder (modules/orders). */
    cart: CartService;
  }
}

const TAGS = ['order'];

export function ownerOf(request: FastifyRequest): Owner {
  return { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id };
}

/** Spec §7 Orders, the cart part (docs/orders.md): addorderitem, ShopCarOrders, TotalShopCarOrders and two more. */
export function registerCartRoutes(app: FastifyInstance, context: ServerContext): void {
  const cart = new CartService({ db: context.db, clock: context.clock, catalogs: () => app.catalogs });
  app.decorate('cart', cart);

  defineCall(app, {
    method: 'POST',
    url: '/api/order/addorderitem',
    summary: '加入购物车：服务器按当前商品目录重新计价（客户端价格不被采用）',
    tags: TAGS,
    auth: 'customer',
    input: addOrderItemBodySchema,
    output: cartLineSchema,
    successMessage: '已加入购物车',
    handle: async ({ request, input }) => cart.add(ownerOf(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/ShopCarOrders',
    summary: '购物车：按今天的价格列出（价格变化、不可下单的行单独标出）',
    tags: TAGS,
    auth: 'customer',
    input: shopCarOrdersBodySchema,
    output: cartPageSchema,
    handle: async ({ request, input }) => cart.list(ownerOf(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/TotalShopCarOrders',
    summary: '购物车数量与金额（角标用）',
    tags: TAGS,
    auth: 'customer',
    input: emptyInputSchema,
    output: cartTotalSchema,
    handle: async ({ request }) => cart.total(ownerOf(request)),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/UpdateShopCarOrder',
    summary: '修改购物车行的数量（重新计价）或备注',
    tags: TAGS,
    auth: 'customer',
    input: updateShopCarOrderBodySchema,
    output: cartLineSchema,
    handle: async ({ request, input }) => cart.update(ownerOf(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/DeleteShopCarOrders',
    summary: '从购物车删除（全部删除或都不删除）',
    tags: TAGS,
    auth: 'customer',
    input: deleteShopCarOrdersBodySchema,
    output: deletedCountSchema,
    successMessage: '删除成功',
    handle: async ({ request, input }) => ({ Deleted: await cart.remove(ownerOf(request), input.Ids) }),
  });
}
