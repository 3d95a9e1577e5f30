/**
 * Staff accounts of a merchant's back office (docs/orders.md "Merchant operations"): their own
 * sign-in (scrypt passwords, 5 wrong passwords lock the account 15 minutes), a 256-bit token in
 * the `stafftoken` header, stored hashed, and role checks.
 */
import {
  STAFF_ROLE_NAMES,
  StaffRole,
  type SaveStaffBody,
  type StaffInfo,
  type StaffLoginBody,
  type StaffToken,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { withLock } from '../../db/locks.ts';
import {
  lockedUntil,
  reserveAttempt,
  settleSuccessfulAttempt,
  unknownAccountCounter,
} from '../../db/login-attempts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  generateToken,
  hashPassword,
  hashToken,
  UNMATCHABLE_PASSWORD_HASH,
  verifyPassword,
} from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Actor } from '../orders/index.ts';
import {
  findStaff,
  findStaffByAccount,
  findStaffToken,
  insertStaff,
  insertStaffToken,
  listStaff,
  revokeStaffToken,
  revokeStaffTokens,
  updateStaff,
  updateStaffAtRevision,
  type StaffRow,
} from './staff.repository.ts';
import { changedFields, type AuditSink } from '../audit/index.ts';

/**
 * Staff accounts can refund and adjust balances, so they lock sooner and for longer than a
 * customer's: 3 wrong passwords in a row, 30 minutes.
 */
export const STAFF_ATTEMPTS = { maxFailures: 3, lockMs: 30 * 60_000 };
const STAFF_LOCK_MINUTES = STAFF_ATTEMPTS.lockMs / 60_000;

/** A signed-in staff member. */
export interface StaffMember {
  id: number;
  merchantId: number;
  account: string;
  name: string;
  roles: StaffRole[];
  lastLoginAt: number | null;
  /** The account's revision when the token was read (SaveStaff's revision check). */
  revision: number;
  tokenHash: string;
}

export function parseRoles(text: string): StaffRole[] {
  const known = new Set<string>(Object.values(StaffRole));
  return text.split(',').filter((role): role is StaffRole => known.has(role));
}

/** True when the member has one of `roles` (管理员 has every role). */
export function hasRole(member: StaffMember, roles: readonly StaffRole[]): boolean {
  return member.roles.includes(StaffRole.Admin) || roles.some((role) => member.roles.includes(role));
}

export function staffActor(member: StaffMember): Actor {
  return { type: 'staff', id: member.id, name: member.name };
}

function toStaffInfo(
  row: Pick<StaffRow, 'id' | 'account' | 'name' | 'roles' | 'is_active' | 'last_login_at' | 'revision'>,
  companyCode: string,
): StaffInfo {
  const roles = parseRoles(row.roles);
  return {
    Id: row.id,
    Account: row.account,
    Name: row.name,
    Roles: roles,
    RoleNames: roles.map((role) => STAFF_ROLE_NAMES[role]),
    IsActive: row.is_active === 1,
    CompanyCode: companyCode,
    LastLoginTime: row.last_login_at === null ? null : new Date(row.last_login_at).toISOString(),
    Revision: row.revision,
  };
}

export interface StaffDeps {
  db: Db;
  clock: Clock;
  tokenTtlSeconds: number;
}

export class StaffService {
  constructor(private readonly deps: StaffDeps) {}

  /** POST /api/staff/Login. Wrong account and wrong password get the same answer. */
  async login(merchant: { id: number; code: string }, body: StaffLoginBody): Promise<StaffToken> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const row = await findStaffByAccount(db, merchant.id, body.Account);
    // A name that is no account is counted and locked like one, and checked against a hash for as
    // long as a real check takes: replies and timing do not tell which accounts exist.
    const attempts = row
      ? { table: 'staff' as const, id: row.id, passwordHash: row.password_hash }
      : {
          table: 'unknown_login_accounts' as const,
          id: await unknownAccountCounter(
            db,
            { merchantId: merchant.id, kind: 'staff', account: body.Account },
            now,
          ),
          passwordHash: UNMATCHABLE_PASSWORD_HASH,
        };
    // The attempt is counted before the hash is compared, so parallel guesses each cost one.
    const reservation = await reserveAttempt(db, attempts.table, attempts.id, STAFF_ATTEMPTS, now);
    if (!reservation) {
      const until = (await lockedUntil(db, attempts.table, attempts.id, now)) ?? now + STAFF_ATTEMPTS.lockMs;
      const minutes = Math.ceil((until - now) / 60_000);
      throw new AppError('AccountLocked', `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`);
    }
    if (!(await verifyPassword(body.Password, attempts.passwordHash)) || !row) {
      const left = STAFF_ATTEMPTS.maxFailures - reservation.count;
      if (left <= 0)
        throw new AppError('AccountLocked', `密码错误次数过多，账号已锁定${STAFF_LOCK_MINUTES}分钟`);
      throw new AppError('WrongPassword', `账号或密码错误，再错${left}次将锁定账号${STAFF_LOCK_MINUTES}分钟`);
    }
    await settleSuccessfulAttempt(db, 'staff', row.id, reservation);
    // Only someone who knows the password learns that the account is disabled.
    if (row.is_active !== 1) throw new AppError('AccountDisabled');
    const token = generateToken();
    const expiresAt = now + this.deps.tokenTtlSeconds * 1000;
    await insertStaffToken(db, {
      token_hash: hashToken(token),
      merchant_id: merchant.id,
      staff_id: row.id,
      expires_at: expiresAt,
      revoked_at: null,
      created_at: now,
    });
    await updateStaff(db, merchant.id, row.id, { last_login_at: now, updated_at: now });
    return {
      StaffToken: token,
      ExpiresAt: new Date(expiresAt).toISOString(),
      Staff: toStaffInfo({ ...row, last_login_at: now }, merchant.code),
    };
  }

  /** The staff member a `stafftoken` names on this merchant's host; the reason it is refused otherwise. */
  async authenticate(merchantId: number, token: string): Promise<StaffMember> {
    if (!token) throw new AppError('StaffLoginRequired');
    if (token.length > 200) throw new AppError('StaffLoginExpired');
    const tokenHash = hashToken(token);
    const row = await findStaffToken(this.deps.db, tokenHash);
    if (
      !row ||
      row.merchant_id !== merchantId ||
      row.revoked_at !== null ||
      row.is_active !== 1 ||
      row.expires_at <= this.deps.clock.now()
    ) {
      throw new AppError('StaffLoginExpired');
    }
    return {
      id: row.id,
      merchantId,
      account: row.account,
      name: row.name,
      roles: parseRoles(row.roles),
      lastLoginAt: row.last_login_at,
      revision: row.revision,
      tokenHash,
    };
  }

  async logout(member: StaffMember): Promise<void> {
    await revokeStaffToken(this.deps.db, member.tokenHash, this.deps.clock.now());
  }

  info(member: StaffMember, companyCode: string): StaffInfo {
    return toStaffInfo(
      {
        id: member.id,
        account: member.account,
        name: member.name,
        roles: member.roles.join(','),
        is_active: 1,
        last_login_at: member.lastLoginAt,
        revision: member.revision,
      },
      companyCode,
    );
  }

  async list(merchant: { id: number; code: string }): Promise<StaffInfo[]> {
    return (await listStaff(this.deps.db, merchant.id)).map((row) => toStaffInfo(row, merchant.code));
  }

  /**
   * SaveStaff (管理员): create, or change name, roles, password, active flag — the latter with the
   * revision it was read at (EditConflict when another administrator saved in between). An
   * administrator cannot disable themselves nor take away their own 管理员 role, and no save may
   * leave the merchant without an enabled administrator: saves of one merchant's staff take turns
   * (a lock), each checks that the one saving is still an enabled administrator and that one is
   * left after it, so two administrators disabling each other at the same moment cannot both
   * succeed. The change goes to `audit` in its transaction (never a password: only that it was
   * reset).
   */
  async save(
    merchant: { id: number; code: string },
    actor: StaffMember,
    body: SaveStaffBody,
    audit: AuditSink = async () => undefined,
  ): Promise<StaffInfo> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const roles = [...new Set(body.Roles)].join(',');
    const isNew = body.Id === null || body.Id === undefined;
    if (isNew && !body.Password) throw new AppError('ValidationFailed', '新员工请设置密码');
    if (!isNew && (body.Revision === null || body.Revision === undefined)) {
      throw new AppError('ValidationFailed', '请带上读取员工时的版本号（Revision）');
    }
    // Hashing takes a while: done before the lock, not while other saves wait.
    const passwordHash = body.Password ? await hashPassword(body.Password) : null;
    return withLock(db, `staff:${merchant.id}`, async (trx) => {
      await requireEnabledAdmin(trx, merchant.id, actor.id);
      if (body.Id === null || body.Id === undefined) {
        let id: number;
        try {
          id = await insertStaff(trx, {
            merchant_id: merchant.id,
            account: body.Account,
            name: body.Name,
            password_hash: passwordHash!,
            roles,
            is_active: body.IsActive ? 1 : 0,
            locked_until: null,
            last_login_at: null,
            created_at: now,
            updated_at: now,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('AlreadyExists', '员工账号已存在');
          throw error;
        }
        const created = toStaffInfo((await findStaff(trx, merchant.id, id))!, merchant.code);
        await audit(
          {
            target: { type: 'staff', id, label: created.Account },
            before: null,
            after: { ...auditedStaff(created), PasswordSet: true },
          },
          trx,
        );
        return created;
      }
      const row = await findStaff(trx, merchant.id, body.Id);
      if (!row) throw new AppError('Failed', '员工不存在');
      if (row.account !== body.Account) throw new AppError('ValidationFailed', '员工账号不能修改');
      if (row.id === actor.id && !body.IsActive) {
        throw new AppError('Forbidden', '不能停用自己的账号，请由其他管理员操作');
      }
      if (row.id === actor.id && !body.Roles.includes(StaffRole.Admin)) {
        throw new AppError('Forbidden', '不能取消自己的管理员角色，请由其他管理员操作');
      }
      const before = toStaffInfo(row, merchant.code);
      const saved = await updateStaffAtRevision(trx, merchant.id, row.id, body.Revision!, {
        name: body.Name,
        roles,
        is_active: body.IsActive ? 1 : 0,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updated_at: now,
      });
      if (!saved) throw new AppError('EditConflict');
      if (!(await hasEnabledAdmin(trx, merchant.id))) {
        throw new AppError('Forbidden', '至少要保留一名启用的管理员，不能停用或取消最后一名管理员');
      }
      if (!body.IsActive || body.Password) await revokeStaffTokens(trx, row.id, now);
      const after = toStaffInfo((await findStaff(trx, merchant.id, row.id))!, merchant.code);
      const changed = changedFields(auditedStaff(before), auditedStaff(after));
      await audit(
        {
          target: { type: 'staff', id: row.id, label: row.account },
          before: changed.before,
          after: body.Password ? { ...changed.after, PasswordReset: true } : changed.after,
        },
        trx,
      );
      return after;
    });
  }
}

function isEnabledAdmin(row: StaffRow): boolean {
  return row.is_active === 1 && parseRoles(row.roles).includes(StaffRole.Admin);
}

/**
 * The one saving must still be an enabled administrator when the save takes its turn: another
 * administrator may have disabled them, or taken their role, since their call was checked.
 */
async function requireEnabledAdmin(db: Db, merchantId: number, staffId: number): Promise<void> {
  const row = await findStaff(db, merchantId, staffId);
  if (!row || row.is_active !== 1) throw new AppError('StaffLoginExpired');
  if (!isEnabledAdmin(row)) throw new AppError('StaffForbidden');
}

async function hasEnabledAdmin(db: Db, merchantId: number): Promise<boolean> {
  return (await listStaff(db, merchantId)).some(isEnabledAdmin);
}

/** What the log keeps of a staff account: who they are called, their roles, whether active. */
function auditedStaff(info: StaffInfo): Record<string, unknown> {
  return { Name: info.Name, Roles: info.RoleNames, IsActive: info.IsActive };
}
