/**
 * The 操作日志 module's public API (docs/console.md, "The audit log of a call"). A staff call that
 * changes something is logged by the staff call plumbing without any code of its own; a route
 * adds what changed with `noteAudit(request, { target, before, after })`, or hands a service
 * `auditSink(request)`.
 */
export { AuditLog, type AuditActor, type AuditRecord } from './audit.service.ts';
export {
  auditSink,
  decorateAuditNotes,
  noteAudit,
  noteChanges,
  type AuditNote,
  type AuditSink,
  type AuditTarget,
  type AuditWriter,
} from './audit-notes.ts';
export { REDACTED, changedFields, isSecretField, redactForAudit } from './audit-redaction.ts';
