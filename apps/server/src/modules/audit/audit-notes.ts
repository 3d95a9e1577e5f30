/**
 * What a call adds to its 操作日志 row (docs/console.md, "The audit log of a call"): the target it
 * changed and the state before and after. A route calls `noteAudit(request, …)` (or hands a
 * service `auditSink(request)`); the staff call plumbing writes the row once the call succeeded.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/** Where a service reports what it changed (a route passes `auditSink(request)`). */
export type AuditSink = (note: AuditNote) => void;

declare module 'fastify' {
  interface FastifyRequest {
    /** What the call noted for the 操作日志 (noteAudit); null until it notes something. */
    auditNotes: AuditNote[] | null;
  }
}

/** Lets requests carry audit notes. Called once, by the staff call plumbing. */
export function decorateAuditNotes(app: FastifyInstance): void {
  app.decorateRequest('auditNotes', null);
}

/**
 * Adds a note to this request's 操作日志 entry. Without any note a logged call gets one row with
 * its input and the order or customer its input names; with notes, one row per note. A note of a
 * call that then fails is not written (a refused call changed nothing).
 */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  (request.auditNotes ??= []).push(note);
}

/** `noteAudit` bound to this request, for a service that should not know about requests. */
export function auditSink(request: FastifyRequest): AuditSink {
  return (note) => noteAudit(request, note);
}
