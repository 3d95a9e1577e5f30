import type { FastifyInstance } from 'fastify';
import {
  calExpressFeeBodySchema,
  expressCompanyListSchema,
  expressFeeBodySchema,
  expressFeeSchema,
  expressInfoAllBodySchema,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import {
  calculateExpressFee,
  calculateExpressFeeForCustomer,
  listExpressCompanies,
} from './express.service.ts';

const TAGS = ['express'];

/**
 * Spec §7 Express: the merchant's express companies and the shipping fee (app token: the fee
 * can be shown before sign-in), and CalExpressFee of spec §7 Orders, which may also price to one
 * of the signed-in customer's addresses (docs/addresses-express-coupons.md).
 */
export function registerExpressRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, {
    method: 'POST',
    url: '/api/v2/s2b.expressinfo.all.post',
    summary: '商户的快递公司（含自提），默认快递标记 IsDefault',
    tags: TAGS,
    auth: 'app',
    input: expressInfoAllBodySchema,
    output: expressCompanyListSchema,
    handle: async ({ request }) => listExpressCompanies(context.db, requireMerchant(request).id),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/v2/s2b.expressfee.cal.post',
    summary: '按重量（克）、收货地区和订单金额计算运费（分）',
    tags: TAGS,
    auth: 'app',
    input: expressFeeBodySchema,
    output: expressFeeSchema,
    handle: async ({ request, input }) =>
      calculateExpressFee(context, requireMerchant(request).id, {
        companyId: input.ExpressId,
        weightGrams: input.WeightGrams,
        provinceCode: input.ProvinceCode,
        citys: input.citys,
        orderAmountFen: input.OrderAmountFen,
      }),
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/order/CalExpressFee',
    summary: '下单页运费：同 s2b.expressfee.cal.post，另可按收货地址编号（AddressId）计算',
    tags: TAGS,
    auth: 'customer',
    input: calExpressFeeBodySchema,
    output: expressFeeSchema,
    handle: async ({ request, input }) =>
      calculateExpressFeeForCustomer(
        context,
        { merchantId: requireMerchant(request).id, customerId: requireCustomer(request).id },
        {
          companyId: input.ExpressId,
          weightGrams: input.WeightGrams,
          provinceCode: input.ProvinceCode,
          citys: input.citys,
          addressId: input.AddressId,
          orderAmountFen: input.OrderAmountFen,
        },
      ),
  });
}
