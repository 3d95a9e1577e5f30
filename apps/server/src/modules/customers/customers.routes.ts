import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  checkCustomerAccountBodySchema,
  loginUserInfoSchema,
  registerBodySchema,
  retrievePasswordBodySchema,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineCall, emptyInputSchema, requireCustomer, requireMerchant } from '../../plugins/call.ts';
import { toLoginUserInfo } from './customers.mapper.ts';
import { findCustomerByAccount, getCustomer } from './customers.repository.ts';
import { changePassword, registerCustomer, retrievePassword } from './customers.service.ts';

/** CheckCustomerAccount, Register, RetrievePassword, CustomerChangePassword, info (spec §7 Customer). */
export function registerCustomerRoutes(app: FastifyInstance, context: ServerContext): void {
  defineCall(app, {
    method: 'POST',
    url: '/api/cust/CheckCustomerAccount',
    summary: '账号是否可注册：已存在时返回 -1001',
    tags: ['customer'],
    auth: 'app',
    input: checkCustomerAccountBodySchema,
    output: z.object({ Exists: z.boolean() }),
    handle: async ({ request, input }) => {
      if (await findCustomerByAccount(context.db, requireMerchant(request).id, input.Account)) {
        throw new AppError('AlreadyExists', '该手机号已注册');
      }
      return { Exists: false };
    },
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/cust/Register',
    summary: '用手机号、短信验证码（MessageType 1）和密码注册',
    tags: ['customer'],
    auth: 'app',
    input: registerBodySchema,
    output: loginUserInfoSchema,
    successMessage: '注册成功',
    handle: async ({ request, input }) => {
      const merchant = requireMerchant(request);
      return toLoginUserInfo(merchant, await registerCustomer(context, merchant, input));
    },
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/cust/RetrievePassword',
    summary: '用短信验证码（MessageType 3）重设密码；该账号所有登录失效',
    tags: ['customer'],
    auth: 'app',
    input: retrievePasswordBodySchema,
    output: z.null(),
    successMessage: '密码已重设，请重新登录',
    handle: async ({ request, input }) => {
      await retrievePassword(context, requireMerchant(request), input);
      return null;
    },
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/cust/CustomerChangePassword',
    summary: '修改密码；其他设备上的登录失效',
    tags: ['customer'],
    auth: 'customer',
    input: changePasswordBodySchema,
    output: z.null(),
    successMessage: '密码已修改',
    handle: async ({ request, input }) => {
      await changePassword(context, requireMerchant(request), requireCustomer(request), input);
      return null;
    },
  });

  defineCall(app, {
    method: 'POST',
    url: '/api/cust/info',
    summary: '客户资料',
    tags: ['customer'],
    auth: 'customer',
    input: emptyInputSchema,
    output: loginUserInfoSchema,
    handle: async ({ request }) => {
      const merchant = requireMerchant(request);
      return toLoginUserInfo(
        merchant,
        await getCustomer(context.db, merchant.id, requireCustomer(request).id),
      );
    },
  });
}
