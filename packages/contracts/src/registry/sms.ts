/** The calls of the server's sms module (apps/server/src/modules/sms). */
import { defineContract } from '../call-contract.ts';
import { sendSmsBodySchema, sendSmsResultSchema } from '../calls/common.ts';

export const smsCalls = {
  SendSms: defineContract({
    method: 'POST',
    path: '/api/common/SendSms',
    summary: '发送短信验证码（需先通过人机验证；每号码 60 秒一条、每天 10 条，每 IP 每小时有上限）',
    tags: ['common'],
    auth: 'app',
    input: sendSmsBodySchema,
    output: sendSmsResultSchema,
    rateLimit: { group: 'sms', perAccount: 'MobileNo' },
    successMessage: '短信已发送,请注意查收!',
  }),
};
