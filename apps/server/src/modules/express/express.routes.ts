import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { expressCalls as calls } from '@inkstone/contracts';
import { defineCall, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import {
  calculateExpressFee,
  calculateExpressFeeForCustomer,
  listExpressCompanies,
} from './express.service.ts';

/**
 * Spec §7 Express: the merchant's express companies and the shipping fee (app token: the fee
 * can be shown before sign-in), and CalExpressFee of spec §7 Orders, which may also price to one
 * of the signed-in customer's addresses (docs/addresses-express-coupons.md).
 */
export function registerExpressRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, calls.ExpressInfoAll, async ({ request }) =>
    listExpressCompanies(context.db, requireMerchant(request).id),
  );

  defineCall(app, calls.ExpressFeeCal, async ({ request, input }) =>
    calculateExpressFee(context, requireMerchant(request).id, {
      companyId: input.ExpressId,
      weightGrams: input.WeightGrams,
      provinceCode: input.ProvinceCode,
      citys: input.citys,
      orderAmountFen: input.OrderAmountFen,
    }),
  );

  defineCall(app, calls.CalExpressFee, async ({ request, input }) =>
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
  );
}
