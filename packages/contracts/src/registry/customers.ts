/** The calls of the server's customers module (apps/server/src/modules/customers). */
import { z } from 'zod';
import { defineContract, emptyInputSchema } from '../call-contract.ts';
import {
  changePasswordBodySchema,
  checkCustomerAccountBodySchema,
  loginUserInfoSchema,
  registerBodySchema,
  retrievePasswordBodySchema,
} from '../calls/oauth.ts';

export const customersCalls = {
  CheckCustomerAccount: defineContract({
    method: 'POST',
    path: '/api/cust/CheckCustomerAccount',
    summary: '账号是否可注册：已存在时返回 -1001',
    tags: ['customer'],
    auth: 'app',
    input: checkCustomerAccountBodySchema,
    output: z.object({ Exists: z.boolean() }),
    rateLimit: { group: 'register' },
  }),
  Register: defineContract({
    method: 'POST',
    path: '/api/cust/Register',
    summary: '用手机号、短信验证码（MessageType 1）和密码注册',
    tags: ['customer'],
    auth: 'app',
    input: registerBodySchema,
    output: loginUserInfoSchema,
    rateLimit: { group: 'register', perAccount: 'MobileNo' },
    successMessage: '注册成功',
  }),
  RetrievePassword: defineContract({
    method: 'POST',
    path: '/api/cust/RetrievePassword',
    summary: '用短信验证码（MessageType 3）重设密码；该账号所有登录失效',
    tags: ['customer'],
    auth: 'app',
    input: retrievePasswordBodySchema,
    output: z.null(),
    rateLimit: { group: 'register', perAccount: 'MobileNo' },
    successMessage: '密码已重设，请重新登录',
  }),
  CustomerChangePassword: defineContract({
    method: 'POST',
    path: '/api/cust/CustomerChangePassword',
    summary: '修改密码；其他设备上的登录失效',
    tags: ['customer'],
    auth: 'customer',
    input: changePasswordBodySchema,
    output: z.null(),
    successMessage: '密码已修改',
  }),
  info: defineContract({
    method: 'POST',
    idempotent: true,
    path: '/api/cust/info',
    summary: '客户资料',
    tags: ['customer'],
    auth: 'customer',
    input: emptyInputSchema,
    output: loginUserInfoSchema,
  }),
};
