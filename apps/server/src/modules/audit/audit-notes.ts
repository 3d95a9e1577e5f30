/**
 * What a call adds to its 操作日志 row (docs/console.md, "The audit log of a call"): the target it
 * changed and the state before and after. A route calls `noteAudit(request, …)` (or hands a
 * service `auditSink(request)`). A note given with the transaction that made the change is
 * written in that transaction, so the change and its row commit or roll back together; any other
 * note is written by the staff call plumbing once the call succeeded.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { changedFields } from './audit-redaction.ts';

/** What a change was made to: shown and searched in the log as `label` (else `id`). */
export interface AuditTarget {
  /** `order`, `customer`, `staff`, `site`, … (a word of the module's own). */
  type: string;
  id: string | number;
  /** What people call it: an order number, a customer's mobile, a staff account. */
  label?: string;
}

/** One change of a call; a batch call notes one per item it changed. */
export interface AuditNote {
  target?: AuditTarget;
  /** The state before the change (only what matters: a status, the changed fields, a balance). */
  before?: unknown;
  after?: unknown;
}

/**
 * Where a service reports what it changed (a route passes `auditSink(request)`). Given `trx`, the
 * transaction that made the change, the row is written in it before it commits.
 */
export type AuditSink = (note: AuditNote, trx?: Db) => Promise<void>;

/** Writes rows of this request's call in a transaction (set by the staff call plumbing). */
export type AuditWriter = (notes: readonly AuditNote[], trx: Db) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** What the call noted for the 操作日志 (noteAudit) and is still to be written; null until it notes something. */
    auditNotes: AuditNote[] | null;
    /** How many of the call's rows were written inside the transactions that made its changes. */
    auditRowsWritten: number;
    /** Writes the call's rows in a transaction; null for a call that is not logged. */
    auditWriter: AuditWriter | null;
  }
}

/** Lets requests carry audit notes. Called once, by the staff call plumbing. */
export function decorateAuditNotes(app: FastifyInstance): void {
  app.decorateRequest('auditNotes', null);
  app.decorateRequest('auditRowsWritten', 0);
  app.decorateRequest('auditWriter', null);
}

/**
 * Adds a note to this request's 操作日志 entry. Without any note a logged call gets one row with
 * its input and the order or customer its input names; with notes, one row per note.
 *
 * With `trx`, the transaction that made the change, the row is written at once in it: it commits
 * with the change or not at all, even if the call fails later or the process stops before the
 * reply. Without it, the row is written when the call has succeeded (a call that then fails is
 * taken to have changed nothing).
 */
export async function noteAudit(request: FastifyRequest, note: AuditNote, trx?: Db): Promise<void> {
  if (trx && request.auditWriter) {
    await request.auditWriter([note], trx);
    request.auditRowsWritten += 1;
    return;
  }
  (request.auditNotes ??= []).push(note);
}

/** `noteAudit` bound to this request, for a service that should not know about requests. */
export function auditSink(request: FastifyRequest): AuditSink {
  return (note, trx) => noteAudit(request, note, trx);
}

/**
 * Tells the 操作日志 what a save changed: the fields that differ, without the revision (every save
 * moves it); a new record (`before` undefined) is noted whole as `after`.
 */
export async function noteChanges(
  request: FastifyRequest,
  target: AuditTarget,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
): Promise<void> {
  const { Revision: _now, ...now } = after;
  if (!before) {
    await noteAudit(request, { target, after: now });
    return;
  }
  const { Revision: _was, ...was } = before;
  await noteAudit(request, { target, ...changedFields(was, now) });
}
