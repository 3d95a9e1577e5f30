/**
 * The 操作日志 of the staff calls (docs/console.md): every successful staff call that is not a read
 * (`idempotent` in its contract) appends one row per change it noted (modules/audit,
 * `noteAudit`), and every staff sign-in appends one, refused or not. Written by one hook for every
 * call registered with `defineCall` wherever it lives, so a module adding a staff call gets it
 * logged without code of its own.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode, staffCalls, type CallContract, type Envelope } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { decorateAuditNotes, type AuditActor, type AuditLog, type AuditNote } from '../audit/index.ts';
import { findStaffByAccount } from './staff.repository.ts';

/** A call's name in the log: the last part of its path (`/api/staff/ApproveArtwork` → `ApproveArtwork`). */
export function callNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A call's Chinese name in the log: its summary up to the first pause (`审稿通过：待审稿 → …` → `审稿通过`). */
export function actionLabelOf(summary: string): string {
  return (summary.split(/[：:（(。；;]/)[0] ?? summary).trim();
}

/** The sign-in refusals worth a row: a wrong password, a locked or a disabled account. */
const LOGGED_SIGN_IN_REFUSALS: readonly number[] = [
  ApiCode.WrongPassword,
  ApiCode.AccountLocked,
  ApiCode.AccountDisabled,
];

/** The target a call's input names when the call noted none: its order, else its customer. */
function targetOfInput(input: unknown): AuditNote[] {
  const fields = (input ?? {}) as Record<string, unknown>;
  if (typeof fields.OrderId === 'number') return [{ target: { type: 'order', id: fields.OrderId } }];
  if (typeof fields.CustomerId === 'number') return [{ target: { type: 'customer', id: fields.CustomerId } }];
  return [];
}

/** Whether the call is logged, and as what. */
function loggedAs(contract: CallContract): 'sign-in' | 'change' | null {
  if (contract.path === staffCalls.Login.path) return 'sign-in';
  return contract.auth === 'staff' && !contract.idempotent ? 'change' : null;
}

/** The input the call was made with, as validated (multipart calls: none). */
function inputOf(request: FastifyRequest, contract: CallContract): unknown {
  if (contract.multipart) return {};
  if (contract.method === 'GET') return request.query ?? {};
  const body = request.body as { bizcontent?: unknown } | undefined;
  return (contract.rawBody ? body : body?.bizcontent) ?? {};
}

/** The row fields of a staff change call, for rows written before its reply exists. */
function changeRecord(request: FastifyRequest, contract: CallContract, clock: Clock) {
  const merchant = request.merchant;
  const staff = request.staff;
  if (!merchant || !staff) throw new Error('an audit row needs the merchant and the staff member');
  return {
    merchantId: merchant.id,
    actor: { id: staff.id, account: staff.account, name: staff.name },
    at: clock.now(),
    call: callNameOf(contract.path),
    label: actionLabelOf(contract.summary),
    outcome: 'done' as const,
    message: '',
    input: inputOf(request, contract),
    ip: request.ip,
  };
}

/**
 * Adds the hooks that write the log.
 *
 * - A change noted with its transaction (`noteAudit(request, note, trx)`, `auditSink`) is written
 *   in that transaction: the order steps, balance, customers and staff (docs/console.md). A
 *   failure to write it rolls the change back.
 * - Every other row is written when the reply is ready and before it is sent, so a caller that
 *   saw the reply finds its row; that row is not in the call's own transaction, and a failure to
 *   write it is logged as an error without turning the call's success into a failure.
 */
export function registerStaffAudit(
  app: FastifyInstance,
  { audit, db, clock }: { audit: AuditLog; db: Db; clock: Clock },
): void {
  decorateAuditNotes(app);
  // Both hooks are callback style: a call that is not logged passes on at once, without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const contract = request.routeOptions.config.contract;
    if (contract && loggedAs(contract) === 'change') {
      request.auditWriter = (notes, trx) =>
        audit.record({ ...changeRecord(request, contract, clock), notes }, trx);
    }
    done();
  });
  const record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const contract = request.routeOptions.config.contract;
    const kind = contract ? loggedAs(contract) : null;
    const merchant = request.merchant;
    if (!contract || !kind || !merchant || reply.statusCode !== 200) return payload;
    const envelope = payload as Partial<Envelope<unknown>> | null;
    const succeeded = envelope?.success === true;
    const input = inputOf(request, contract);
    let actor: AuditActor;
    if (kind === 'sign-in') {
      if (succeeded) {
        const staff = (envelope?.data as { Staff?: { Id: number; Account: string; Name: string } }).Staff;
        if (!staff) return payload;
        actor = { id: staff.Id, account: staff.Account, name: staff.Name };
      } else {
        if (!LOGGED_SIGN_IN_REFUSALS.includes(envelope?.apiCode ?? 0)) return payload;
        const account = String((input as { Account?: unknown }).Account ?? '');
        const row = await findStaffByAccount(db, merchant.id, account);
        actor = { id: row?.id ?? null, account, name: row?.name ?? '' };
      }
    } else {
      if (!succeeded || !request.staff) return payload;
      // Every change it noted was written with its transaction.
      if (request.auditRowsWritten > 0 && !request.auditNotes) return payload;
      actor = { id: request.staff.id, account: request.staff.account, name: request.staff.name };
    }
    try {
      await audit.record({
        merchantId: merchant.id,
        actor,
        at: clock.now(),
        call: callNameOf(contract.path),
        label: actionLabelOf(contract.summary),
        outcome: succeeded ? 'done' : 'refused',
        message: succeeded ? '' : (envelope?.message ?? ''),
        input,
        notes: request.auditNotes ?? (kind === 'change' ? targetOfInput(input) : []),
        ip: request.ip,
      });
    } catch (error) {
      request.log.error({ err: error, call: contract.path }, 'the audit log row could not be written');
    }
    return payload;
  };
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const contract = request.routeOptions.config.contract;
    if (!contract || !loggedAs(contract)) return done(null, payload);
    record(request, reply, payload).then(
      (result) => done(null, result),
      (error: unknown) => done(error as Error),
    );
  });
}
