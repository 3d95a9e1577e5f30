import type { z } from 'zod';

/** True when a message is already Chinese (a schema author's own words), not a library default. */
function isChinese(message: string): boolean {
  return /[\u4e00-\u9fff]/.test(message);
}

/**
 * The Chinese reason of one validation issue, without the field name.
 * A schema's own Chinese message (spec §5 texts) wins over the generated one.
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  if (isChinese(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? '不能为空'
        : `类型不正确，应为${typeName(issue.expected)}`;
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? '不能为空'
          : `长度不能少于${String(issue.minimum)}个字符`
        : issue.origin === 'array'
          ? `至少需要${String(issue.minimum)}项`
          : `不能小于${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `长度不能超过${String(issue.maximum)}个字符`
        : issue.origin === 'array'
          ? `最多${String(issue.maximum)}项`
          : `不能大于${String(issue.maximum)}`;
    case 'invalid_format':
      return '格式不正确';
    case 'invalid_value':
      return '取值无效';
    case 'unrecognized_keys':
      return `包含未知字段：${issue.keys.join('、')}`;
    case 'not_multiple_of':
      return `必须是${String(issue.divisor)}的倍数`;
    case 'invalid_union':
      return '格式不正确';
    default:
      return '不合法';
  }
}

function typeName(expected: string): string {
  switch (expected) {
    case 'string':
      return '文本';
    case 'number':
    case 'int':
      return '数字';
    case 'boolean':
      return '布尔值';
    case 'array':
      return '数组';
    case 'object':
      return '对象';
    default:
      return expected;
  }
}

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
}

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(current);
    if (
      def.innerType &&
      ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)
    ) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      current = def.in;
    } else {
      break;
    }
  }
  return current;
}

/**
 * The Chinese label of the field at `path` inside `schema`: the nearest `.describe()` text.
 * Falls back to the dotted path when no description is set.
 */
export function fieldLabel(schema: z.ZodType, path: readonly PropertyKey[]): string {
  let current: z.ZodType | undefined = schema;
  let label: string | undefined;
  for (const key of path) {
    if (!current) break;
    const def = defOf(unwrap(current));
    if (def.type === 'object' && def.shape && typeof key === 'string') {
      current = def.shape[key];
    } else if (def.type === 'array' && def.element) {
      current = def.element;
    } else {
      current = undefined;
    }
    label = current?.description ?? (current ? unwrap(current).description : undefined);
  }
  if (label) return label.split(/[，,。(（]/)[0] ?? label;
  const named = path
    .filter((part) => part !== 'bizcontent')
    .map(String)
    .join('.');
  return named || (path.length ? 'bizcontent' : '请求体');
}

/** One Chinese sentence naming the field and what is wrong with it. */
export function formatIssue(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  const label = fieldLabel(schema, issue.path);
  const reason = describeIssue(issue);
  return reason.includes(label) ? reason : `${label}${reason}`;
}
