import {
  LoginType,
  SmsMessageType,
  type ChangePasswordBody,
  type OrderCustomer,
  type RequestAccessTokenBody,
  type RegisterBody,
  type RetrievePasswordBody,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, UNMATCHABLE_PASSWORD_HASH, verifyPassword } from '../../lib/crypto.ts';
import {
  lockedUntil,
  reserveAttempt,
  settleSuccessfulAttempt,
  unknownAccountCounter,
} from '../../db/login-attempts.ts';
import type { AuthenticatedCustomer } from '../../plugins/auth.ts';
import type { Merchant } from '../../lib/merchant.ts';
import { verifyCode } from '../sms/index.ts';
import {
  findCustomerByAccount,
  getCustomer,
  insertCustomer,
  listCustomersByIds,
  recordSuccessfulLogin,
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
  // The code first: SendSms sends none to an unregistered number, so an unknown number fails here
  // the same way as a wrong code, without saying whether it is registered.
  await verifyCode(context, merchant.id, body.MobileNo, SmsMessageType.RetrievePassword, body.SmsCode);
  const customer = await findCustomerByAccount(context.db, merchant.id, body.MobileNo);
  if (!customer) throw new AppError('SmsCodeExpired');
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
  await checkPassword(context, passwordAccountOf(customer), body.OldPassword, '原密码不正确');
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

/** Whose password is checked: a customer, or the counter of a name that is no account. */
interface PasswordAccount {
  table: 'customers' | 'unknown_login_accounts';
  id: number;
  passwordHash: string;
}

function passwordAccountOf(customer: Customer): PasswordAccount {
  return { table: 'customers', id: customer.id, passwordHash: customer.password_hash };
}

/**
 * Checks a password with the attempt counted before the hash is compared (so parallel guesses
 * cannot share one check of the lock): `wrongMessage` names what was wrong, followed by how many
 * tries are left. Sign-in and change of password both use it; a name that is no account gets the
 * same replies, from its own counter, so a guesser cannot tell the two apart.
 */
async function checkPassword(
  context: ServerContext,
  account: PasswordAccount,
  password: string,
  wrongMessage = '账号或密码错误',
): Promise<void> {
  const now = context.clock.now();
  const reservation = await reserveAttempt(context.db, account.table, account.id, CUSTOMER_ATTEMPTS, now);
  if (!reservation) {
    const until = (await lockedUntil(context.db, account.table, account.id, now)) ?? now + LOCK_DURATION_MS;
    const minutes = Math.ceil((until - now) / 60_000);
    throw new AppError('AccountLocked', `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`);
  }
  if (await verifyPassword(password, account.passwordHash)) {
    await settleSuccessfulAttempt(context.db, account.table, account.id, reservation);
    return;
  }
  if (reservation.count >= MAX_FAILED_LOGINS) throw new AppError('AccountLocked');
  throw new AppError(
    'WrongPassword',
    `${wrongMessage}，再错${MAX_FAILED_LOGINS - reservation.count}次将锁定账号15分钟`,
  );
}

/**
 * Who is signing in (RequestAccessToken): the customer whose password or SMS code checks out.
 * Replies do not tell whether an account exists: a wrong password for an unknown name is counted
 * and locked like a real one, an SMS code for an unregistered number fails as an expired code (no
 * sign-in code is ever sent to one), and a disabled account is only named once the password or
 * code is right.
 */
export async function authenticateCustomer(
  context: ServerContext,
  merchantId: number,
  body: RequestAccessTokenBody,
): Promise<Customer> {
  const customer = await findCustomerByAccount(context.db, merchantId, body.Account);
  if (body.LoginType === LoginType.SmsCode) {
    const mobileNo = customer?.mobile_no ?? body.Account;
    await verifyCode(context, merchantId, mobileNo, SmsMessageType.Login, body.SmsCode ?? '');
    if (!customer) throw new AppError('SmsCodeExpired');
  } else if (customer) {
    await checkPassword(context, passwordAccountOf(customer), body.Password ?? '');
  } else {
    const id = await unknownAccountCounter(
      context.db,
      { merchantId, kind: 'customers', account: body.Account },
      context.clock.now(),
    );
    await checkPassword(
      context,
      { table: 'unknown_login_accounts', id, passwordHash: UNMATCHABLE_PASSWORD_HASH },
      body.Password ?? '',
    );
    throw new AppError('WrongPassword');
  }
  if (customer.is_active !== 1) throw new AppError('AccountDisabled');
  return customer;
}

/** Notes a successful sign-in (shown as 上次登录). */
export async function recordSignIn(context: ServerContext, customerId: number, now: number): Promise<void> {
  await recordSuccessfulLogin(context.db, customerId, now);
}

/**
 * Who ordered, as staff see it, for each of `ids` (repeats are looked up once); an id that is not
 * the merchant's customer gets a card with only its id.
 */
export async function customerCards(
  context: ServerContext,
  merchantId: number,
  ids: readonly number[],
): Promise<Map<number, OrderCustomer>> {
  const unique = [...new Set(ids)];
  const rows = await listCustomersByIds(context.db, merchantId, unique);
  const found = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    unique.map((id) => {
      const row = found.get(id);
      const card = row
        ? { Id: row.id, Account: row.account, MobileNo: row.mobile_no, NickName: row.nick_name }
        : { Id: id, Account: '', MobileNo: '', NickName: '' };
      return [id, card];
    }),
  );
}
