/** The calls of the server's express module (apps/server/src/modules/express). */
import { defineContract } from '../call-contract.ts';
import {
  calExpressFeeBodySchema,
  expressCompanyListSchema,
  expressFeeBodySchema,
  expressFeeSchema,
  expressInfoAllBodySchema,
} from '../calls/express.ts';

export const expressCalls = {
  ExpressInfoAll: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/v2/s2b.expressinfo.all.post',
    summary: '商户的快递公司（含自提），默认快递标记 IsDefault',
    tags: ['express'],
    auth: 'app',
    input: expressInfoAllBodySchema,
    output: expressCompanyListSchema,
  }),
  ExpressFeeCal: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/v2/s2b.expressfee.cal.post',
    summary: '按重量（克）、收货地区和订单金额计算运费（分）',
    tags: ['express'],
    auth: 'app',
    input: expressFeeBodySchema,
    output: expressFeeSchema,
  }),
  CalExpressFee: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/order/CalExpressFee',
    summary: '下单页运费：同 s2b.expressfee.cal.post，另可按收货地址编号（AddressId）计算',
    tags: ['express'],
    auth: 'customer',
    input: calExpressFeeBodySchema,
    output: expressFeeSchema,
  }),
};
