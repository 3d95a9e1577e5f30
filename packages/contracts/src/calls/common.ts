import { z } from 'zod';
import { MOBILE_NUMBER_PATTERN } from '@inkstone/domain';
import { SmsMessageType, SMS_MESSAGE_TYPE_DEFAULT, SMS_ROLE_TYPE_DEFAULT } from '../constants.ts';

/** Mobile number field with the exact messages of spec §5. */
export const mobileNumberSchema = z
  .string({ error: (issue) => (issue.input === undefined ? '请输入手机号码' : '手机号码格式有误') })
  .trim()
  .min(1, { error: '请输入手机号码' })
  .regex(MOBILE_NUMBER_PATTERN, { error: '手机号码格式有误' })
  .describe('手机号码');

/** POST /api/common/CheckDomainName — which merchant a domain belongs to (spec §3, §4). */
export const checkDomainNameBodySchema = z.object({
  domainName: z.string().trim().min(1).max(253).describe('域名'),
});
export type CheckDomainNameBody = z.infer<typeof checkDomainNameBodySchema>;

export const companyInfoSchema = z.object({
  Domain: z.string().describe('访问域名'),
  DomainName: z.string().describe('商户代码'),
  CompanyName: z.string().describe('商户名称'),
  ReaderPreviewDomain: z.string().describe('文件预览域名'),
  ThemePreference: z.number().int().describe('主题偏好：2 为红色，其余为绿色'),
  InterfaceVersion: z.number().int().min(1).max(4).describe('界面版本 1–4'),
  AppId: z.string().describe('网页客户端 appid（公开客户端）'),
  AppSecret: z.string().describe('网页客户端 secret（公开客户端凭据，仅用于申请应用令牌）'),
  Config: z.object({
    WebSiteName: z.string().describe('网站名称'),
    ThemePreference: z.number().int(),
    InterfaceVersion: z.number().int(),
    LogoUrl: z.string().nullable().optional().describe('商户 Logo 的地址（本站，WebP）；未上传为 null'),
  }),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** GET /api/common/GetCaptcha — spec §3 captcha data, plus the self-hosted slider's images. */
export const captchaSchema = z.object({
  gt: z.string().describe('验证码服务标识'),
  challenge: z.string().describe('本次验证流水号'),
  success: z.number().int().describe('1 表示验证服务可用'),
  sessionId: z.string().describe('验证会话号，发送短信时回传'),
  provider: z.enum(['slider', 'geetest']).describe('验证方式：slider 为自建滑块，geetest 为极验 v3'),
  slider: z
    .object({
      width: z.number().int(),
      height: z.number().int(),
      pieceSize: z.number().int(),
      pieceY: z.number().int(),
      background: z.string().describe('背景图（data URL）'),
      piece: z.string().describe('拼图块（data URL）'),
    })
    .nullable(),
});
export type Captcha = z.infer<typeof captchaSchema>;

/** POST /api/common/VerifyCaptcha — checks a slider answer; returns geetest-shaped results. */
export const verifyCaptchaBodySchema = z.object({
  challenge: z.string().min(1).max(128).describe('验证流水号'),
  x: z.number().min(0).max(1000).describe('滑块位置'),
  durationMs: z.number().int().min(0).max(600_000).describe('拖动用时'),
  trail: z
    .array(z.tuple([z.number(), z.number(), z.number()]))
    .max(2000)
    .default([])
    .describe('拖动轨迹'),
});
export type VerifyCaptchaBody = z.infer<typeof verifyCaptchaBodySchema>;

export const captchaResultSchema = z.object({
  geetest_challenge: z.string(),
  geetest_validate: z.string(),
  geetest_seccode: z.string(),
});
export type CaptchaResult = z.infer<typeof captchaResultSchema>;

/** POST /api/common/SendSms (spec §7). The captcha answer travels as Challenge/Validate/Seccode. */
export const sendSmsBodySchema = z.object({
  MobileNo: mobileNumberSchema,
  MessageType: z
    .union([
      z.literal(SmsMessageType.Register),
      z.literal(SmsMessageType.Login),
      z.literal(SmsMessageType.RetrievePassword),
    ])
    .default(SMS_MESSAGE_TYPE_DEFAULT)
    .describe('短信类型'),
  SessionId: z.string().max(128).default('').describe('验证会话号'),
  RoleType: z.number().int().default(SMS_ROLE_TYPE_DEFAULT).describe('角色类型'),
  Challenge: z.string().max(256).default('').describe('验证流水号'),
  Validate: z.string().max(256).default('').describe('验证结果'),
  Seccode: z.string().max(300).default('').describe('验证签名'),
});
export type SendSmsBody = z.infer<typeof sendSmsBodySchema>;

export const sendSmsResultSchema = z.object({
  ExpiresInSeconds: z.number().int().describe('验证码有效期（秒）'),
  ResendAfterSeconds: z.number().int().describe('多少秒后可以重发'),
});
