import { startOfChinaDay } from '@inkstone/domain';
import { SmsMessageType, type SendSmsBody } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { withLock } from '../../db/locks.ts';
import { AppError } from '../../lib/app-error.ts';
import { generateNumericCode, hashToken } from '../../lib/crypto.ts';
import type { Merchant } from '../../lib/merchant.ts';
import { SmsGatewayError } from './gateways/sms-gateway.ts';
import { verificationSms } from './sms-messages.ts';
import { customerMessage, type SmsSender } from './sms-sender.ts';
import {
  consumeCode,
  countCodesForIp,
  countCodesForMobile,
  deleteSmsCode,
  findLatestCode,
  insertSmsCode,
  recordWrongCode,
} from './sms.repository.ts';

/** Abuse limits of the foundation issue. */
/**
 * Whether a mobile number has an account at a merchant, provided by the customers module
 * (composition): sms does not import customers, customers verify codes with sms.
 */
export type AccountLookup = (merchantId: number, mobileNo: string) => Promise<boolean>;

export const SMS_RESEND_INTERVAL_MS = 60_000;
export const SMS_DAILY_LIMIT = 10;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_WRONG_TRIES = 5;

const HOUR_MS = 3_600_000;

function codeHash(merchantId: number, mobileNo: string, code: string): string {
  return hashToken(`${merchantId}:${mobileNo}:${code}`);
}

const PURPOSE: Record<number, 'register' | 'login' | 'reset_password'> = {
  [SmsMessageType.Register]: 'register',
  [SmsMessageType.Login]: 'login',
  [SmsMessageType.RetrievePassword]: 'reset_password',
};

/**
 * Sends a verification code after the captcha answer is accepted (once), to a number that is
 * registered (or, to register, one that is not), when the limits allow:
 * one per number per 60 s, 10 per number per China day, SMS_PER_IP_PER_HOUR per IP.
 *
 * The send is counted only when the gateway sent it. Under the locks of the number and the IP the
 * limits are checked and the code's row inserted, which holds the place of the send (a parallel
 * request sees it and is refused); the message then goes out without holding any lock, and when
 * the gateway refuses it or does not answer in time the row is deleted again: the customer is
 * told so in Chinese (-1036) and may retry at once.
 */
export async function sendVerificationCode(
  context: ServerContext,
  sender: SmsSender,
  merchant: Merchant,
  body: SendSmsBody,
  clientIp: string,
  isRegistered: AccountLookup,
): Promise<void> {
  // The limits before the captcha, so a solved slider is not spent on a send that would be refused
  // (checked again under the number's lock below); then the captcha, and only then whether the
  // number is registered.
  await requireSendAllowed(context, context.db, merchant.id, body.MobileNo, clientIp, context.clock.now());
  await context.captcha.consume(merchant.id, {
    challenge: body.Challenge,
    validate: body.Validate,
    seccode: body.Seccode,
  });
  const existing = await isRegistered(merchant.id, body.MobileNo);
  if (body.MessageType === SmsMessageType.Register && existing) {
    throw new AppError('AlreadyExists', '该手机号已注册，请直接登录');
  }
  if (body.MessageType !== SmsMessageType.Register && !existing) {
    throw new AppError('AccountNotFound', '该手机号未注册');
  }

  const code = generateNumericCode();
  const locks = [`sms-ip:${clientIp}`, `sms:${merchant.id}:${body.MobileNo}`];
  const held = await withLock(context.db, locks, async (trx) => {
    const now = context.clock.now();
    await requireSendAllowed(context, trx, merchant.id, body.MobileNo, clientIp, now);
    return insertSmsCode(trx, {
      merchant_id: merchant.id,
      mobile_no: body.MobileNo,
      message_type: body.MessageType,
      code_hash: codeHash(merchant.id, body.MobileNo, code),
      client_ip: clientIp,
      expires_at: now + SMS_CODE_TTL_MS,
      created_at: now,
    });
  });

  const purpose = PURPOSE[body.MessageType] ?? 'login';
  try {
    await sender.send(merchant.id, body.MobileNo, verificationSms(merchant.name, purpose, code));
  } catch (error) {
    // Not sent: the place it held is given back, so it counts against no limit.
    await deleteSmsCode(context.db, held).catch((cleanup: unknown) =>
      context.log.error({ err: cleanup }, 'could not delete the code of an SMS that was not sent'),
    );
    if (error instanceof SmsGatewayError) throw new AppError('SmsSendFailed', customerMessage(error));
    throw error;
  }
}

/** Refuses a send the limits do not allow: 60 s per number, a daily count per number, per IP per hour. */
async function requireSendAllowed(
  context: ServerContext,
  db: Db,
  merchantId: number,
  mobileNo: string,
  clientIp: string,
  now: number,
): Promise<void> {
  const recent = await countCodesForMobile(db, merchantId, mobileNo, startOfChinaDay(now));
  if (recent.last !== null && now - recent.last < SMS_RESEND_INTERVAL_MS) {
    const wait = Math.ceil((SMS_RESEND_INTERVAL_MS - (now - recent.last)) / 1000);
    throw new AppError('SmsTooFrequent', `发送过于频繁，请${wait}秒后再试`);
  }
  if (recent.count >= SMS_DAILY_LIMIT) throw new AppError('SmsDailyLimit');
  if ((await countCodesForIp(db, clientIp, now - HOUR_MS)) >= context.config.SMS_PER_IP_PER_HOUR) {
    throw new AppError('SmsIpLimit');
  }
}

/**
 * Accepts a code once. Unknown or older than 5 minutes: expired. The fifth wrong try kills it.
 */
export async function verifyCode(
  context: ServerContext,
  merchantId: number,
  mobileNo: string,
  messageType: number,
  code: string,
): Promise<void> {
  const row = await findLatestCode(context.db, merchantId, mobileNo, messageType);
  const now = context.clock.now();
  if (!row || row.expires_at <= now) throw new AppError('SmsCodeExpired');
  if (row.attempt_count >= SMS_MAX_WRONG_TRIES) throw new AppError('SmsCodeExhausted');
  if (row.code_hash === codeHash(merchantId, mobileNo, code.trim())) {
    if (!(await consumeCode(context.db, row.id, now))) throw new AppError('SmsCodeExpired');
    return;
  }
  await recordWrongCode(context.db, row.id);
  const left = SMS_MAX_WRONG_TRIES - row.attempt_count - 1;
  if (left <= 0) throw new AppError('SmsCodeExhausted');
  throw new AppError('SmsCodeInvalid', `短信验证码错误，还可尝试${left}次`);
}
