/**
 * What the 操作日志 keeps of a call's input and its before/after: secrets replaced, long texts
 * shortened, so the log can be read by every administrator and never becomes a copy of a
 * password, a gateway key or a token.
 */

/** What a redacted value reads as. */
export const REDACTED = '***';

/**
 * Field names (compared without case, `_` and `-`) whose values are secrets: the field is named
 * so, or its name ends so (`NewPassword`, `AccessKeySecret`, `ApiV3Key`, `PrivateKey`).
 * `…KeyId` (an AccessKey ID names the account, not its secret) is kept.
 */
const SECRET_ENDINGS = [
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'privatekey',
  'apikey',
  'apiv3key',
  'key',
  'cert',
  'certificate',
  'signature',
  'captcha',
  'smscode',
  'verifycode',
  'validcode',
  'verificationcode',
] as const;

/** Names ending like a secret that are not one. */
const NOT_SECRET = new Set(['accesskeyid', 'secretid']);

/** True when a field of this name holds a secret (its value is never logged). */
export function isSecretField(name: string): boolean {
  const plain = name.toLowerCase().replace(/[_-]/g, '');
  if (NOT_SECRET.has(plain)) return false;
  return SECRET_ENDINGS.some((ending) => plain.endsWith(ending));
}

/** Longest text kept whole; a longer one keeps its start and says how long it was. */
export const MAX_TEXT = 500;
/** Deepest nesting kept; anything deeper reads as `…`. */
const MAX_DEPTH = 6;
/** Most items of an array kept. */
const MAX_ITEMS = 100;

/**
 * A copy of `value` fit for the log: every field named like a secret (at any depth) reads `***`
 * (an empty or absent secret stays empty: the log shows whether one was sent, not what), texts
 * over 500 characters are cut, arrays over 100 items and nesting over 6 levels are shortened.
 */
export function redactForAudit(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…（共 ${value.length} 字）` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((item) => redactForAudit(item, depth + 1));
    return value.length > MAX_ITEMS ? [...kept, `…（共 ${value.length} 项）`] : kept;
  }
  if (Buffer.isBuffer(value)) return `（${value.length} 字节）`;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (isSecretField(key) && item !== '' && item !== null && item !== undefined) copy[key] = REDACTED;
    else copy[key] = redactForAudit(item, depth + 1);
  }
  return copy;
}

/**
 * The fields of two snapshots that differ, each side with those fields only: what a save changed
 * (SaveSiteSettings, SaveStaff). Fields compared by their JSON.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changed.before[key] = before[key];
      changed.after[key] = after[key];
    }
  }
  return changed;
}
