/**
 * 个人设置 (version 4's /user-v4/setting-v4/{t}): the customer's nickname and avatar, and which
 * messages they want by SMS and on the site (docs/settings.md). The spec shows no call for these;
 * they follow the naming of its customer calls (`/api/cust/…`).
 */
import { z } from 'zod';
import { refineSafeText } from '../text-rules.ts';

/** Longest nickname, in characters (the same as at registration). */
export const NICK_NAME_MAX_LENGTH = 32;

/** Largest avatar picture a customer may upload, in bytes (5 MB). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Side of the square WebP the server stores an avatar as, in pixels. */
export const AVATAR_SIZE_PX = 256;

/** The picture types an avatar may be uploaded as (checked by content, not by name). */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** POST /api/cust/UpdateCustomerInfo: the nickname, 1–32 characters on one line. */
export const updateCustomerInfoBodySchema = z.object({
  NickName: z
    .string({ error: '请输入昵称' })
    .trim()
    .min(1, { error: '请输入昵称' })
    .max(NICK_NAME_MAX_LENGTH, { error: `昵称不能超过${NICK_NAME_MAX_LENGTH}个字` })
    .superRefine(refineSafeText)
    .describe('昵称'),
});
export type UpdateCustomerInfoBody = z.infer<typeof updateCustomerInfoBodySchema>;

/**
 * The messages a customer may be sent, in the order the settings page lists them. `sms` and
 * `site` are the defaults of a customer who never saved a choice: SMS for what they are waiting
 * on or must know at once (payment, shipping, money), the site's message list for everything.
 */
export const NOTIFICATION_KINDS = [
  {
    kind: 'order_paid',
    name: '订单付款成功',
    description: '订单付款成功后通知您，附订单号与金额',
    sms: true,
    site: true,
  },
  {
    kind: 'order_shipped',
    name: '订单发货',
    description: '订单发货后通知您快递公司与运单号',
    sms: true,
    site: true,
  },
  {
    kind: 'order_progress',
    name: '订单完成与售后进度',
    description: '订单完成、售后受理与处理结果',
    sms: false,
    site: true,
  },
  {
    kind: 'coupon_expiring',
    name: '优惠券到期提醒',
    description: '已领取的优惠券到期前 3 天提醒您使用',
    sms: false,
    site: true,
  },
  {
    kind: 'balance_changed',
    name: '账户余额变动',
    description: '充值、消费、退款等账户余额变化',
    sms: true,
    site: true,
  },
] as const;

/** A kind of message of NOTIFICATION_KINDS. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['kind'];

/** How a message reaches the customer: by SMS, or in the site's message list. */
export type NotificationChannel = 'sms' | 'site';

const notificationKindSchema = z
  .enum(NOTIFICATION_KINDS.map((entry) => entry.kind) as [NotificationKind, ...NotificationKind[]], {
    error: '消息类型无效',
  })
  .describe('消息类型');

/** One kind of message with the customer's choice for each channel. */
export const notificationSettingSchema = z.object({
  Kind: notificationKindSchema,
  Name: z.string().describe('消息名称'),
  Sms: z.boolean().describe('短信通知'),
  Site: z.boolean().describe('站内通知'),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** Every kind of NOTIFICATION_KINDS, in its order, with the customer's choices. */
export const notificationSettingsSchema = z.object({ Items: z.array(notificationSettingSchema) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const switchSchema = (label: string) => z.boolean({ error: `${label}须为 true 或 false` }).describe(label);

/**
 * POST /api/cust/SaveNotificationSettings: the choices of one or more kinds, each kind at most
 * once; kinds left out keep what they were. All are saved together or none.
 */
export const saveNotificationSettingsBodySchema = z.object({
  Items: z
    .array(
      z.object({
        Kind: notificationKindSchema,
        Sms: switchSchema('短信通知'),
        Site: switchSchema('站内通知'),
      }),
      {
        error: '请提供通知设置（Items）',
      },
    )
    .min(1, { error: '请至少提供一项通知设置' })
    .max(NOTIFICATION_KINDS.length, { error: `通知设置最多${NOTIFICATION_KINDS.length}项` })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const item of items) {
        if (seen.has(item.Kind)) {
          const name = NOTIFICATION_KINDS.find((entry) => entry.kind === item.Kind)?.name ?? item.Kind;
          ctx.addIssue({ code: 'custom', message: `通知设置中「${name}」重复出现` });
          return;
        }
        seen.add(item.Kind);
      }
    })
    .describe('通知设置'),
});
export type SaveNotificationSettingsBody = z.infer<typeof saveNotificationSettingsBodySchema>;
