import type { FastifyInstance } from 'fastify';
import {
  addOrderBodySchema,
  appendOrderInfoBodySchema,
  customerCancelOrderBodySchema,
  orderDetailBodySchema,
  orderDetailSchema,
  orderIdBodySchema,
  orderPageSchema,
  orderPreviewSchema,
  orderStatusReplySchema,
  previewOrderBodySchema,
  queryOrdersBodySchema,
  reorderBodySchema,
  reorderResultSchema,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
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

const TAGS = ['order'];

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

  defineCall(app, {
    method: 'POST',
    url: '/api/order/PreviewOrder',
    summary: '结算预览：按当前商品目录重新计价，算出运费、优惠与应付金额（不保存）',
    tags: TAGS,
    auth: 'customer',
    input: previewOrderBodySchema,
    output: orderPreviewSchema,
    handle: async ({ request, input }) => checkout.preview(ownerOf(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/addorder',
    summary: '提交订单：所选购物车行合为一个待付款订单（收货地址、快递、优惠券、备注、各行印刷文件及预检）',
    tags: TAGS,
    auth: 'customer',
    input: addOrderBodySchema,
    output: orderDetailSchema,
    successMessage: '订单已提交',
    handle: async ({ request, input }) => checkout.place(ownerOf(request), customerActor(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/CustomerCancelOrder',
    summary: '客户取消订单（仅待付款；退回优惠券，关闭未完成的支付单）',
    tags: TAGS,
    auth: 'customer',
    input: customerCancelOrderBodySchema,
    output: orderDetailSchema,
    successMessage: '订单已取消',
    handle: async ({ request, input }) =>
      orders.cancelByCustomer(ownerOf(request), customerActor(request), input.OrderId, input.Reason),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/GetOrderStatus',
    summary: '订单状态（含审稿结果、快递单号）',
    tags: TAGS,
    auth: 'customer',
    input: orderIdBodySchema,
    output: orderStatusReplySchema,
    handle: async ({ request, input }) => orders.status(ownerOf(request), input.OrderId),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/AppendOrderInfo',
    summary: '补传印刷文件（待付款、待审稿；稿件退回后补传即重新审稿）或追加备注',
    tags: TAGS,
    auth: 'customer',
    input: appendOrderInfoBodySchema,
    output: orderDetailSchema,
    successMessage: '已提交',
    handle: async ({ request, input }) => orders.append(ownerOf(request), customerActor(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/QueryOrders',
    summary: '我的订单：按状态页签、关键字（订单号、商品、快递单号）与下单日期分页查询',
    tags: TAGS,
    auth: 'customer',
    input: queryOrdersBodySchema,
    output: orderPageSchema,
    handle: async ({ request, input }) => orders.query(ownerOf(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/OrderDetail',
    summary: '订单详情：成交价格与规格、文件与预检、收货信息、订单记录',
    tags: TAGS,
    auth: 'customer',
    input: orderDetailBodySchema,
    output: orderDetailSchema,
    handle: async ({ request, input }) => orders.detail(ownerOf(request), input),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/Reorder',
    summary: '再来一单：把历史订单的商品按今天的价格加入购物车',
    tags: TAGS,
    auth: 'customer',
    input: reorderBodySchema,
    output: reorderResultSchema,
    successMessage: '已加入购物车',
    handle: async ({ request, input }) => orders.reorder(ownerOf(request), input.OrderId),
  });
}
