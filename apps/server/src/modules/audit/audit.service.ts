/**
 * The console's 操作日志 (docs/console.md): an append-only record of every change a staff member
 * made and every staff sign-in, written by the staff call plumbing (modules/staff,
 * staff-audit.hook.ts) and read by 管理员 (QueryAuditLog).
 */
import type { AuditEntry, AuditLogPage, QueryAuditLogBody } from '@inkstone/contracts';
import { chinaDayRange } from '@inkstone/domain';
import type { Db } from '../../db/database.ts';
import { redactForAudit } from './audit-redaction.ts';
import { auditCallNames, insertAuditRows, queryAuditRows, type AuditRow } from './audit.repository.ts';
import type { AuditNote } from './audit-notes.ts';

/** Who made a logged call, as they were at that moment. */
export interface AuditActor {
  /** Null for a sign-in refused for an account that does not exist. */
  id: number | null;
  account: string;
  name: string;
}

/** One logged call: who, when, which call, and what it noted (one row per note). */
export interface AuditRecord {
  merchantId: number;
  actor: AuditActor;
  at: number;
  call: string;
  label: string;
  outcome: 'done' | 'refused';
  message?: string;
  input: unknown;
  notes: readonly AuditNote[];
  ip: string;
}

/** JSON of a value for a text column, redacted; null stays null. */
function stored(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(redactForAudit(value));
}

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    Id: row.id,
    Time: new Date(Number(row.created_at)).toISOString(),
    StaffId: row.staff_id,
    StaffAccount: row.staff_account,
    StaffName: row.staff_name,
    Call: row.call_name,
    Label: row.action_label,
    Outcome: row.outcome === 'refused' ? 'refused' : 'done',
    Message: row.message,
    TargetType: row.target_type,
    TargetId: row.target_id,
    TargetLabel: row.target_label,
    Input: parsed(row.input) ?? {},
    Before: parsed(row.before),
    After: parsed(row.after),
    Ip: row.ip,
  };
}

export class AuditLog {
  constructor(private readonly db: Db) {}

  /**
   * Appends the rows of one call: one per note, or one without a target or before/after. With
   * `trx`, in that transaction (the one that made the change).
   */
  async record(entry: AuditRecord, trx: Db = this.db): Promise<void> {
    const notes = entry.notes.length > 0 ? entry.notes : [{}];
    const input = stored(entry.input) ?? '{}';
    await insertAuditRows(
      trx,
      notes.map((note) => ({
        merchant_id: entry.merchantId,
        staff_id: entry.actor.id,
        staff_account: entry.actor.account.slice(0, 64),
        staff_name: entry.actor.name.slice(0, 64),
        created_at: entry.at,
        call_name: entry.call.slice(0, 64),
        action_label: entry.label.slice(0, 100),
        outcome: entry.outcome,
        message: (entry.message ?? '').slice(0, 200),
        target_type: (note.target?.type ?? '').slice(0, 32),
        target_id: String(note.target?.id ?? '').slice(0, 64),
        target_label: (note.target?.label ?? '').slice(0, 200),
        input,
        before: stored(note.before),
        after: stored(note.after),
        ip: entry.ip.slice(0, 64),
      })),
    );
  }

  /** QueryAuditLog: one merchant's rows, newest first. */
  async query(merchantId: number, body: QueryAuditLogBody): Promise<AuditLogPage> {
    const { rows, total } = await queryAuditRows(
      this.db,
      {
        merchantId,
        staffId: body.StaffId ?? undefined,
        callName: body.Call || undefined,
        target: body.Target || undefined,
        ...chinaDayRange(body.StartDate, body.EndDate),
      },
      { offset: (body.pageindex - 1) * body.limit, limit: body.limit },
    );
    const calls = await auditCallNames(this.db, merchantId);
    return {
      List: rows.map(toEntry),
      PageIndex: body.pageindex,
      Limit: body.limit,
      PageCount: Math.ceil(total / body.limit),
      TotalCount: total,
      Calls: calls.map((call) => ({ Call: call.call, Label: call.label })),
    };
  }
}
