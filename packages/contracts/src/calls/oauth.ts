import { z } from 'zod';
import { validatePassword } from '@inkstone/domain';
import { mobileNumberSchema } from './common.ts';
import { refineSafeText } from '../text-rules.ts';

/** POST /api/oauth/RequestOauthToken {appid, bizcontent:{secret}} (spec §7). */
export const requestOauthTokenBodySchema = z.object({
  appid: z.string().trim().min(1).max(64).describe('appid'),
  bizcontent: z.object({ secret: z.string().min(1).max(256).describe('secret') }),
});
export type RequestOauthTokenBody = z.infer<typeof requestOauthTokenBodySchema>;

export const oauthTokenSchema = z.object({
  Token: z.string().describe('应用令牌，放在请求头 authtoken'),
  ExpiresIn: z.number().int().describe('有效秒数'),
  ExpiresAt: z.string().describe('过期时间（ISO 8601）'),
});
export type OauthToken = z.infer<typeof oauthTokenSchema>;

/** How a customer signs in. */
export const LoginType = { Password: 1, SmsCode: 2 } as const;

/** POST /api/oauth/RequestAccessToken: password or SMS-code login; RememberMe returns the long-term token. */
export const requestAccessTokenBodySchema = z
  .object({
    LoginType: z.union([z.literal(LoginType.Password), z.literal(LoginType.SmsCode)]).describe('登录方式'),
    Account: z.string().trim().min(1, { error: '请输入账号' }).max(64).describe('账号'),
    Password: z.string().max(64).optional().describe('密码'),
    SmsCode: z.string().trim().max(8).optional().describe('短信验证码'),
    RememberMe: z.boolean().default(false).describe('记住我'),
  })
  .superRefine((value, ctx) => {
    if (value.LoginType === LoginType.Password && !value.Password) {
      ctx.addIssue({ code: 'custom', path: ['Password'], message: '请输入密码' });
    }
    if (value.LoginType === LoginType.SmsCode && !value.SmsCode) {
      ctx.addIssue({ code: 'custom', path: ['SmsCode'], message: '请输入短信验证码' });
    }
  });
export type RequestAccessTokenBody = z.infer<typeof requestAccessTokenBodySchema>;

export const loginUserInfoSchema = z.object({
  CustomerId: z.number().int(),
  Account: z.string().describe('账号'),
  MobileNo: z.string().describe('手机号码'),
  NickName: z.string().describe('昵称'),
  CompanyCode: z.string().describe('所属商户代码'),
  CreateTime: z.string(),
  LastLoginTime: z.string().nullable(),
  Avatar: z.string().nullable().describe('头像地址（256×256 WebP，本站路径）；未设置头像为 null'),
});
export type LoginUserInfo = z.infer<typeof loginUserInfoSchema>;

export const accessTokenSchema = z.object({
  AccessToken: z.string().describe('访问令牌，放在请求头 accesstoken'),
  IsLongTerm: z.boolean().describe('是否为长期令牌（记住我）'),
  ExpiresAt: z.string(),
  UserInfo: loginUserInfoSchema,
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

const passwordSchema = z
  .string({ error: '请输入密码' })
  .superRefine((value, ctx) => {
    const problem = validatePassword(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('密码');

const confirmPasswordSchema = z.string({ error: '请输入确认密码' }).describe('确认密码');

function refineConfirm(value: { Password: string; ConfirmPassword: string }, ctx: z.RefinementCtx) {
  if (!value.ConfirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['ConfirmPassword'], message: '请输入确认密码' });
  } else if (value.ConfirmPassword !== value.Password) {
    ctx.addIssue({ code: 'custom', path: ['ConfirmPassword'], message: '确认密码必须和密码一致！' });
  }
}

const smsCodeSchema = z
  .string({ error: '请输入短信验证码' })
  .trim()
  .regex(/^\d{6}$/, { error: '短信验证码为6位数字' })
  .describe('短信验证码');

/** POST /api/cust/CheckCustomerAccount: -1001 when the account exists. */
export const checkCustomerAccountBodySchema = z.object({
  Account: z.string().trim().min(1, { error: '请输入账号' }).max(64).describe('账号'),
});

/** POST /api/cust/Register: mobile number, SMS code, password twice. */
export const registerBodySchema = z
  .object({
    MobileNo: mobileNumberSchema,
    SmsCode: smsCodeSchema,
    Password: passwordSchema,
    ConfirmPassword: confirmPasswordSchema,
    NickName: z.string().trim().max(32).superRefine(refineSafeText).optional().describe('昵称'),
  })
  .superRefine(refineConfirm);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** POST /api/cust/RetrievePassword: reset by SMS code; revokes every session of the account. */
export const retrievePasswordBodySchema = z
  .object({
    MobileNo: mobileNumberSchema,
    SmsCode: smsCodeSchema,
    Password: passwordSchema,
    ConfirmPassword: confirmPasswordSchema,
  })
  .superRefine(refineConfirm);
export type RetrievePasswordBody = z.infer<typeof retrievePasswordBodySchema>;

/** POST /api/cust/CustomerChangePassword: signed in; other sessions are revoked. */
export const changePasswordBodySchema = z
  .object({
    OldPassword: z
      .string({ error: '请输入原密码' })
      .min(1, { error: '请输入原密码' })
      .max(64)
      .describe('原密码'),
    Password: passwordSchema,
    ConfirmPassword: confirmPasswordSchema,
  })
  .superRefine(refineConfirm);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
