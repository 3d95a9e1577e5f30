/**
 * A reply object as the UTF-8 bytes of its JSON text, byte for byte what
 * `Buffer.from(JSON.stringify(value))` gives, written straight into a reused scratch buffer.
 *
 * Why: `JSON.stringify` of a reply with Chinese text builds a two-byte string in growing pieces,
 * which `Buffer.from` then flattens into one more copy before encoding it: about 12 KB of garbage
 * for a 2.4 KB quote (docs/performance.md, Price). Here each string is escaped and encoded in one
 * pass, and the only new memory is the reply's own bytes.
 *
 * Anything this writer does not handle as `JSON.stringify` would — a BigInt, a boxed primitive, a
 * cycle or very deep nesting, a reply larger than the scratch buffer — makes it give up, and the
 * caller falls back to `JSON.stringify` for the whole value (with its own errors).
 */

const SCRATCH_BYTES = 64 * 1024;
const MAX_DEPTH = 64;

/** Thrown (never escapes this module) when the value is left to `JSON.stringify`. */
const GIVE_UP = new Error('json-bytes: left to JSON.stringify');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const HEX = '0123456789abcdef';
/** The control characters JSON.stringify writes as a backslash and a letter: \b \t \n \f \r. */
const SHORT_ESCAPES: readonly number[] = (() => {
  const table = new Array<number>(0x20).fill(0);
  table[0x08] = 0x62;
  table[0x09] = 0x74;
  table[0x0a] = 0x6e;
  table[0x0c] = 0x66;
  table[0x0d] = 0x72;
  return table;
})();

const scratch = Buffer.allocUnsafeSlow(SCRATCH_BYTES);
let at = 0;
/** Whether a write is under way: a getter or toJSON serialising JSON itself must not share `scratch`. */
let busy = false;

function ensure(bytes: number): void {
  if (at + bytes > SCRATCH_BYTES) throw GIVE_UP;
}

function writeAscii(text: string): void {
  const length = text.length;
  ensure(length);
  const out = scratch;
  let pos = at;
  for (let index = 0; index < length; index += 1) out[pos++] = text.charCodeAt(index);
  at = pos;
}

function writeUnicodeEscape(out: Buffer, pos: number, unit: number): number {
  out[pos] = BACKSLASH;
  out[pos + 1] = 0x75; // u
  out[pos + 2] = HEX.charCodeAt((unit >> 12) & 15);
  out[pos + 3] = HEX.charCodeAt((unit >> 8) & 15);
  out[pos + 4] = HEX.charCodeAt((unit >> 4) & 15);
  out[pos + 5] = HEX.charCodeAt(unit & 15);
  return pos + 6;
}

/** A string as JSON.stringify quotes it (well-formed: lone surrogates as \udxxx), in UTF-8. */
function writeString(text: string): void {
  const length = text.length;
  // At most 6 bytes a UTF-16 unit (\u001f, \ud800; a pair is 4 bytes for 2 units), plus quotes.
  ensure(6 * length + 2);
  const out = scratch;
  let pos = at;
  out[pos++] = QUOTE;
  for (let index = 0; index < length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) {
      if (unit >= 0x20 && unit !== QUOTE && unit !== BACKSLASH) {
        out[pos++] = unit;
      } else if (unit === QUOTE || unit === BACKSLASH) {
        out[pos++] = BACKSLASH;
        out[pos++] = unit;
      } else {
        const short = SHORT_ESCAPES[unit] ?? 0;
        if (short === 0) {
          pos = writeUnicodeEscape(out, pos, unit);
        } else {
          out[pos++] = BACKSLASH;
          out[pos++] = short;
        }
      }
    } else if (unit < 0x800) {
      out[pos++] = 0xc0 | (unit >> 6);
      out[pos++] = 0x80 | (unit & 0x3f);
    } else if (unit < 0xd800 || unit > 0xdfff) {
      out[pos++] = 0xe0 | (unit >> 12);
      out[pos++] = 0x80 | ((unit >> 6) & 0x3f);
      out[pos++] = 0x80 | (unit & 0x3f);
    } else {
      const next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const point = 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
        out[pos++] = 0xf0 | (point >> 18);
        out[pos++] = 0x80 | ((point >> 12) & 0x3f);
        out[pos++] = 0x80 | ((point >> 6) & 0x3f);
        out[pos++] = 0x80 | (point & 0x3f);
        index += 1;
      } else {
        pos = writeUnicodeEscape(out, pos, unit);
      }
    }
  }
  out[pos++] = QUOTE;
  at = pos;
}

function writeNumber(value: number): void {
  if (value >= 0 && value <= 0x7fffffff && (value | 0) === value) {
    // A small whole number: its digits, without making a string.
    ensure(10);
    if (value < 10) {
      scratch[at++] = 0x30 + value;
      return;
    }
    let end = at + 1;
    for (let rest = value; rest >= 10; rest = (rest / 10) | 0) end += 1;
    at = end;
    for (let rest = value; rest > 0; rest = (rest / 10) | 0) scratch[--end] = 0x30 + (rest % 10);
    return;
  }
  writeAscii(Number.isFinite(value) ? String(value) : 'null');
}

/**
 * Writes `value` (already through toJSON) as JSON; false when it is not serialisable (undefined, a
 * function, a symbol) and nothing was written.
 */
function writeValue(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
      writeString(value);
      return true;
    case 'number':
      writeNumber(value);
      return true;
    case 'boolean':
      writeAscii(value ? 'true' : 'false');
      return true;
    case 'object':
      if (value === null) {
        writeAscii('null');
        return true;
      }
      if (depth >= MAX_DEPTH) throw GIVE_UP;
      if (Array.isArray(value)) writeArray(value, depth + 1);
      else writeObject(value as Record<string, unknown>, depth + 1);
      return true;
    case 'undefined':
    case 'function':
    case 'symbol':
      return false;
    default:
      // BigInt: JSON.stringify throws its own TypeError.
      throw GIVE_UP;
  }
}

/** `value[key]` as JSON.stringify sees it: through its toJSON(key), boxed primitives refused. */
function prepared(value: unknown, key: string | number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  const result =
    typeof toJSON === 'function' ? (toJSON as (key: string) => unknown).call(value, String(key)) : value;
  if (typeof result === 'bigint') throw GIVE_UP;
  if (typeof result === 'object' && result !== null) {
    const proto: unknown = Object.getPrototypeOf(result);
    if (
      proto !== Object.prototype &&
      proto !== Array.prototype &&
      (result instanceof Number || result instanceof String || result instanceof Boolean)
    ) {
      throw GIVE_UP;
    }
  }
  return result;
}

function writeArray(items: readonly unknown[], depth: number): void {
  ensure(1);
  scratch[at++] = 0x5b; // [
  const length = items.length;
  for (let index = 0; index < length; index += 1) {
    if (index > 0) {
      ensure(1);
      scratch[at++] = 0x2c; // ,
    }
    if (!writeValue(prepared(items[index], index), depth)) writeAscii('null');
  }
  ensure(1);
  scratch[at++] = 0x5d; // ]
}

const hasOwn = Object.prototype.hasOwnProperty;

function writeObject(object: Record<string, unknown>, depth: number): void {
  ensure(1);
  scratch[at++] = 0x7b; // {
  let first = true;
  // for…in visits own keys in Object.keys order (integer keys, then by insertion) without making
  // the keys' array; inherited enumerable keys are skipped as JSON.stringify skips them.
  for (const key in object) {
    if (!hasOwn.call(object, key)) continue;
    const mark = at;
    if (!first) {
      ensure(1);
      scratch[at++] = 0x2c; // ,
    }
    writeString(key);
    ensure(1);
    scratch[at++] = 0x3a; // :
    if (writeValue(prepared(object[key], key), depth)) first = false;
    else at = mark;
  }
  ensure(1);
  scratch[at++] = 0x7d; // }
}

/**
 * The UTF-8 bytes of `JSON.stringify(value)`, or undefined where JSON.stringify gives undefined.
 * Throws what JSON.stringify throws (cycles, BigInt).
 */
export function jsonBytes(value: unknown): Buffer | undefined {
  if (!busy) {
    busy = true;
    at = 0;
    try {
      const top = prepared(value, '');
      if (!writeValue(top, 0)) return undefined;
      const bytes = Buffer.allocUnsafe(at);
      scratch.copy(bytes, 0, 0, at);
      return bytes;
    } catch (error) {
      if (error !== GIVE_UP) throw error;
    } finally {
      busy = false;
    }
  }
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? undefined : Buffer.from(text);
}
