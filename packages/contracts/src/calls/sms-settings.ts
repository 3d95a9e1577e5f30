/**
 * The merchant's SMS gateway (docs/sms.md): which provider sends its customers' text messages,
 * with the merchant's own account, signature (签名) and template of each message. Read, saved and
 * tried by the merchant's administrator in the back office (/api/staff/, header `stafftoken`).
 * A merchant without a provider sends through the server's embedded outbox.
 */
import { z } from 'zod';
import { mobileNumberSchema } from './common.ts';
import { refineSafeText } from '../text-rules.ts';

/** The providers a merchant can send through; '' is none (the server's outbox). */
export const SMS_PROVIDERS = [
  { value: '', name: '短信发件箱（不发送真实短信）' },
  { value: 'aliyun', name: '阿里云短信' },
  { value: 'tencent', name: '腾讯云短信' },
] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number]['value'];

/** Tencent Cloud SMS is served from these regions (its `Region` parameter). */
export const TENCENT_SMS_REGIONS = ['ap-guangzhou', 'ap-beijing', 'ap-nanjing'] as const;

/**
 * What a text message is for: the three verification codes (spec §7 SendSms MessageType 1–3) and
 * the order notices a customer opts into (个人设置, docs/settings.md).
 */
export const SMS_PURPOSES = [
  { purpose: 'register', field: 'Register', name: '注册验证码' },
  { purpose: 'login', field: 'Login', name: '登录验证码' },
  { purpose: 'reset_password', field: 'ResetPassword', name: '找回密码验证码' },
  { purpose: 'order_shipped', field: 'OrderShipped', name: '订单发货通知' },
] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number]['purpose'];
export type SmsTemplateField = (typeof SMS_PURPOSES)[number]['field'];

const providerSchema = z.enum(['', 'aliyun', 'tencent'], {
  error: '短信服务商应为 aliyun（阿里云短信）、tencent（腾讯云短信）或空（短信发件箱）',
});

/** A template code (阿里云 SMS_123456789) or id (腾讯云 1234567); empty is none. */
function templateId(label: string) {
  return z
    .string({ error: `${label}模板应为文字` })
    .trim()
    .max(64, { error: `${label}模板最多 64 个字符` })
    .regex(/^[A-Za-z0-9_-]*$/, { error: `${label}模板编号只能包含字母、数字、_ 和 -` })
    .default('')
    .describe(`${label}模板：阿里云的模板 CODE（SMS_ 开头）或腾讯云的模板 ID`);
}

export const smsTemplatesSchema = z.object({
  Register: templateId('注册验证码'),
  Login: templateId('登录验证码'),
  ResetPassword: templateId('找回密码验证码'),
  OrderShipped: templateId('订单发货通知').describe(
    '订单发货通知模板（可空：空则不发发货短信）；参数见 docs/sms.md',
  ),
});
export type SmsTemplates = z.infer<typeof smsTemplatesSchema>;

/** POST /api/staff/SmsSettings: the settings as stored; the secret is never sent back. */
export const smsSettingsSchema = z.object({
  Provider: providerSchema.describe('短信服务商：aliyun、tencent，空为短信发件箱'),
  ProviderName: z.string().describe('服务商名称'),
  AccessKeyId: z.string().describe('阿里云 AccessKey ID，或腾讯云 SecretId'),
  AccessKeySecretSet: z
    .boolean()
    .describe('是否已保存密钥（阿里云 AccessKey Secret 或腾讯云 SecretKey）；密钥本身从不返回'),
  SdkAppId: z.string().describe('腾讯云短信应用 SDK AppID'),
  Region: z.string().describe('腾讯云短信地域'),
  SignName: z.string().describe('短信签名（不含【】）'),
  Templates: smsTemplatesSchema,
  UpdatedAt: z.number().int().nullable().describe('最后保存时间（毫秒），未保存过为 null'),
  UpdatedBy: z.string().describe('最后保存的员工'),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

const ID_PATTERN = /^[A-Za-z0-9_.:/+=-]*$/;

/** POST /api/staff/SaveSmsSettings */
export const saveSmsSettingsBodySchema = z
  .object({
    Provider: providerSchema.default(''),
    AccessKeyId: z
      .string({ error: 'AccessKey ID 应为文字' })
      .trim()
      .max(128, { error: 'AccessKey ID 最多 128 个字符' })
      .regex(ID_PATTERN, { error: 'AccessKey ID 含有不允许的字符' })
      .default('')
      .describe('阿里云 AccessKey ID，或腾讯云 SecretId'),
    AccessKeySecret: z
      .string({ error: '密钥应为文字' })
      .trim()
      .max(256, { error: '密钥最多 256 个字符' })
      .regex(ID_PATTERN, { error: '密钥含有不允许的字符' })
      .nullish()
      .describe('阿里云 AccessKey Secret，或腾讯云 SecretKey；省略或留空则保留已保存的密钥'),
    SdkAppId: z
      .string({ error: 'SDK AppID 应为文字' })
      .trim()
      .max(32, { error: 'SDK AppID 最多 32 位' })
      .regex(/^\d*$/, { error: 'SDK AppID 只能是数字' })
      .default('')
      .describe('腾讯云短信应用 SDK AppID（腾讯云必填）'),
    Region: z
      .string({ error: '地域应为文字' })
      .trim()
      .max(32)
      .default('')
      .describe(`腾讯云短信地域：${TENCENT_SMS_REGIONS.join('、')}（空为 ap-guangzhou）`),
    SignName: z
      .string({ error: '短信签名应为文字' })
      .trim()
      // People copy the signature as the message shows it: 【墨砚快印】.
      .transform((value) => value.replace(/^【(.*)】$/, '$1').trim())
      .pipe(
        z
          .string()
          .max(20, { error: '短信签名最多 20 个字' })
          .regex(/^[^【】[\]]*$/, { error: '短信签名不含【】' })
          .superRefine(refineSafeText),
      )
      .default('')
      .describe('短信签名（在服务商处审核通过的签名，不含【】）'),
    Templates: smsTemplatesSchema.default({ Register: '', Login: '', ResetPassword: '', OrderShipped: '' }),
  })
  .superRefine((body, ctx) => {
    if (body.Provider === '') return;
    const check = (ok: boolean, path: (string | number)[], message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path, message });
    };
    const isAliyun = body.Provider === 'aliyun';
    check(
      body.AccessKeyId !== '',
      ['AccessKeyId'],
      isAliyun ? '请填写阿里云 AccessKey ID' : '请填写腾讯云 SecretId',
    );
    check(body.SignName !== '', ['SignName'], '请填写短信签名');
    for (const { field, name } of SMS_PURPOSES) {
      const value = body.Templates[field];
      if (field !== 'OrderShipped') check(value !== '', ['Templates', field], `请填写${name}模板`);
      if (value === '') continue;
      check(
        isAliyun ? /^SMS_\d+$/.test(value) : /^\d+$/.test(value),
        ['Templates', field],
        isAliyun
          ? `${name}模板应为阿里云模板 CODE，如 SMS_123456789`
          : `${name}模板应为腾讯云模板 ID（数字），如 1234567`,
      );
    }
    if (!isAliyun) {
      check(body.SdkAppId !== '', ['SdkAppId'], '请填写腾讯云短信 SDK AppID');
      check(
        body.Region === '' || (TENCENT_SMS_REGIONS as readonly string[]).includes(body.Region),
        ['Region'],
        `腾讯云短信地域应为 ${TENCENT_SMS_REGIONS.join('、')}`,
      );
    }
  });
export type SaveSmsSettingsBody = z.infer<typeof saveSmsSettingsBodySchema>;

/** POST /api/staff/SendTestSms: one message of a purpose, with sample values, to a number. */
export const sendTestSmsBodySchema = z.object({
  MobileNo: mobileNumberSchema,
  Purpose: z
    .enum(['register', 'login', 'reset_password', 'order_shipped'], {
      error: '短信类型应为 register、login、reset_password 或 order_shipped',
    })
    .default('login')
    .describe('试发哪一条：register、login、reset_password、order_shipped（示例验证码 123456、示例运单）'),
});
export type SendTestSmsBody = z.infer<typeof sendTestSmsBodySchema>;

export const sendTestSmsResultSchema = z.object({
  Provider: providerSchema,
  ProviderName: z.string(),
  MessageId: z.string().describe('服务商返回的发送回执编号（短信发件箱为空）'),
});
export type SendTestSmsResult = z.infer<typeof sendTestSmsResultSchema>;
