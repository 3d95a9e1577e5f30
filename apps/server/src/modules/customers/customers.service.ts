import {
  SmsMessageType,
  type ChangePasswordBody,
  type RegisterBody,
  type RetrievePasswordBody,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { lockedUntil, reserveAttempt, settleSuccessfulAttempt } from '../../db/login-attempts.ts';
import type { AuthenticatedCustomer } from '../../plugins/auth.ts';
import type { Merchant } from '../../lib/merchant.ts';
import { verifyCode } from '../sms/index.ts';
import {
  findCustomerByAccount,
  getCustomer,
  insertCustomer,
  updatePassword,
  type Customer,
} from './customers.repository.ts';

/** Registers a customer by mobile number once the SMS code checks out. */
export async function registerCustomer(
  context: ServerContext,
  merchant: Merchant,
  body: RegisterBody,
): Promise<Customer> {
  if (await findCustomerByAccount(context.db, merchant.id, body.MobileNo)) {
    throw new AppError('AlreadyExists', '该手机号已注册，请直接登录');
  }
  await verifyCode(context, merchant.id, body.MobileNo, SmsMessageType.Register, body.SmsCode);
  const now = context.clock.now();
  const passwordHash = await hashPassword(body.Password);
  try {
    const id = await insertCustomer(context.db, {
      merchant_id: merchant.id,
      account: body.MobileNo,
      mobile_no: body.MobileNo,
      nick_name: body.NickName?.trim() || `用户${body.MobileNo.slice(-4)}`,
      password_hash: passwordHash,
      created_at: now,
      password_changed_at: now,
    });
    return getCustomer(context.db, merchant.id, id);
  } catch (error) {
    // Two registrations of one number at once: the unique constraint decides, the loser is told.
    if (await findCustomerByAccount(context.db, merchant.id, body.MobileNo)) {
      throw new AppError('AlreadyExists', '该手机号已注册，请直接登录');
    }
    throw error;
  }
}

/** Resets a forgotten password by SMS code and signs the account out everywhere. */
export async function retrievePassword(
  context: ServerContext,
  merchant: Merchant,
  body: RetrievePasswordBody,
): Promise<void> {
  const customer = await findCustomerByAccount(context.db, merchant.id, body.MobileNo);
  if (!customer) throw new AppError('AccountNotFound', '该手机号未注册');
  await verifyCode(context, merchant.id, body.MobileNo, SmsMessageType.RetrievePassword, body.SmsCode);
  const now = context.clock.now();
  await updatePassword(context.db, customer.id, await hashPassword(body.Password), now);
  await context.tokens.revokeCustomer(customer.id, now);
}

/** Changes the password of the signed-in customer; their other sessions are revoked. */
export async function changePassword(
  context: ServerContext,
  merchant: Merchant,
  current: AuthenticatedCustomer,
  body: ChangePasswordBody,
): Promise<void> {
  const customer = await getCustomer(context.db, merchant.id, current.id);
  await checkCustomerPassword(context, customer, body.OldPassword, '原密码不正确');
  if (body.OldPassword === body.Password) throw new AppError('Failed', '新密码不能与原密码相同');
  const now = context.clock.now();
  await updatePassword(context.db, customer.id, await hashPassword(body.Password), now);
  await context.tokens.revokeCustomer(customer.id, now, current.tokenHash);
}

/** Whether `account` (a mobile number or account name) has an account at the merchant. */
export async function isAccountRegistered(
  context: Pick<ServerContext, 'db'>,
  merchantId: number,
  account: string,
): Promise<boolean> {
  return Boolean(await findCustomerByAccount(context.db, merchantId, account));
}

/** Wrong passwords in a row that lock an account, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_DURATION_MS = 15 * 60_000;

const CUSTOMER_ATTEMPTS = { maxFailures: MAX_FAILED_LOGINS, lockMs: LOCK_DURATION_MS };

/**
 * Checks a customer's password with the attempt counted before the hash is compared (so parallel
 * guesses cannot share one check of the lock): `wrongMessage` names what was wrong, followed by
 * how many tries are left. Sign-in and change of password both use it.
 */
export async function checkCustomerPassword(
  context: ServerContext,
  customer: Customer,
  password: string,
  wrongMessage = '账号或密码错误',
): Promise<void> {
  const now = context.clock.now();
  const reservation = await reserveAttempt(context.db, 'customers', customer.id, CUSTOMER_ATTEMPTS, now);
  if (!reservation) {
    const until = (await lockedUntil(context.db, 'customers', customer.id, now)) ?? now + LOCK_DURATION_MS;
    const minutes = Math.ceil((until - now) / 60_000);
    throw new AppError('AccountLocked', `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`);
  }
  if (await verifyPassword(password, customer.password_hash)) {
    await settleSuccessfulAttempt(context.db, 'customers', customer.id, reservation);
    return;
  }
  if (reservation.count >= MAX_FAILED_LOGINS) throw new AppError('AccountLocked');
  throw new AppError(
    'WrongPassword',
    `${wrongMessage}，再错${MAX_FAILED_LOGINS - reservation.count}次将锁定账号15分钟`,
  );
}
