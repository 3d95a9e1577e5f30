import { formatFen } from '../../../lib/format.ts';

/** Chinese names of the fields calls put in their before/after (the rest show as they are named). */
const FIELD_NAMES: Record<string, string> = {
  Status: '订单状态',
  ReviewState: '审稿状态',
  ProductionStarted: '已开始生产',
  TrackingNo: '快递单号',
  Refund: '退款',
  BalanceFen: '余额',
  EntryId: '账单编号',
  IsActive: '启用',
  Reason: '原因',
  Name: '名称',
  Roles: '角色',
  PasswordSet: '设置密码',
  PasswordReset: '重置密码',
  WebSiteName: '网站名称',
  ThemePreference: '主题色',
  InterfaceVersion: '界面版本',
  ServicePhone: '客服电话',
  ServiceQQ: '客服 QQ',
  Address: '门店地址',
  BusinessHours: '营业时间',
  IcpNumber: 'ICP 备案号',
  Notice: '网站公告',
};

/** What the log calls the kind of thing a call changed. */
export const TARGET_TYPE_NAMES: Record<string, string> = {
  order: '订单',
  customer: '客户',
  staff: '员工',
  site: '网站',
};

/** A logged value as text: money fields in yuan, yes/no, lists joined, nothing as —. */
export function formatAuditValue(value: unknown, field = ''): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number' && field.endsWith('Fen')) return formatFen(value);
  if (Array.isArray(value))
    return value.length === 0 ? '—' : value.map((item) => formatAuditValue(item)).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One line of a before/after comparison. */
export interface DiffRow {
  field: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The before and after a call logged, field by field (in the order they first appear, before's
 * fields first); a side that is not an object (created: nothing before) shows as —.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const isNothing = (value: unknown) => value === null || value === undefined;
  if (isNothing(before) && isNothing(after)) return [];
  const was = isRecord(before) ? before : isNothing(before) ? {} : { 值: before };
  const now = isRecord(after) ? after : isNothing(after) ? {} : { 值: after };
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields.map((field) => {
    const left = formatAuditValue(was[field], field);
    const right = formatAuditValue(now[field], field);
    return { field, label: FIELD_NAMES[field] ?? field, before: left, after: right, changed: left !== right };
  });
}

/** What a row names as its target: `订单 D2026…`, `客户 138…`, or the id when it has no label. */
export function targetText(type: string, id: string, label: string): string {
  if (!type) return '—';
  return `${TARGET_TYPE_NAMES[type] ?? type} ${label || `#${id}`}`;
}
