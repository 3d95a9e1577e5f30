/**
 * Input hygiene shared by every call that stores text: names, contacts, addresses, remarks, file
 * names and dates. A rule is written once here and applied to each field of the wire schemas
 * (`.superRefine(refineSafeText)`), so the server refuses bad text with a Chinese message naming
 * the field and the web can check the same before it sends.
 */
import type { z } from 'zod';

/**
 * Characters that change how the text around them is drawn without being seen: the bidi
 * embeddings and overrides (U+202A–202E), the isolates (U+2066–2069) and the direction marks
 * (U+200E, U+200F, U+061C). `invoice‮fdp.exe` reads as `invoiceexe.pdf` on screen.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;

/**
 * Characters of no width: zero-width space, joiner and non-joiner (U+200B–200D), word joiner and
 * the invisible operators (U+2060–2064), the zero-width no-break space (U+FEFF) and the Mongolian
 * vowel separator (U+180E). They make two names that look the same compare different.
 */
const ZERO_WIDTH = /[\u200b-\u200d\u2060-\u2064\ufeff\u180e]/u;

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** The same, less the line breaks and tabs a multi-line note may hold. */
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/u;

/** `U+202E`: how a message names an invisible character. */
function codePointOf(match: RegExpExecArray): string {
  return `U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Why `text` cannot be stored as a name or a note, or null when it can: it holds a bidi control,
 * a zero-width character or a control character (a line break only where `isMultiline`). The
 * reason has no subject; the field's label goes before it (`联系人包含…`).
 */
export function unsafeTextProblem(text: string, options: { isMultiline?: boolean } = {}): string | null {
  const bidi = BIDI_CONTROL.exec(text);
  if (bidi) return `包含不可见的文字方向控制符（${codePointOf(bidi)}），请删除后重试`;
  const zeroWidth = ZERO_WIDTH.exec(text);
  if (zeroWidth) return `包含不可见的零宽字符（${codePointOf(zeroWidth)}），请删除后重试`;
  const control = (options.isMultiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).exec(text);
  if (control) {
    return /[\r\n\u2028\u2029]/u.test(control[0]) ? '不能换行' : `包含控制字符（${codePointOf(control)}）`;
  }
  return null;
}

/** zod refinement of a one-line name (contacts, receiver, address, company or customer name). */
export function refineSafeText(value: string, ctx: z.RefinementCtx): void {
  const problem = unsafeTextProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
}

/** zod refinement of a note that may run over several lines (remarks, reasons). */
export function refineSafeMultilineText(value: string, ctx: z.RefinementCtx): void {
  const problem = unsafeTextProblem(value, { isMultiline: true });
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
}

/** Longest stored file name, in characters (and at most 255 bytes of UTF-8, as file systems allow). */
export const FILE_NAME_MAX_LENGTH = 200;

/** Characters Windows forbids in file names (a file saved back must open there). */
const WINDOWS_FORBIDDEN = /[<>:"|?*]/;

/**
 * Names Windows keeps for devices, with or without an extension (`NUL.pdf` is the device too):
 * CON, PRN, AUX, NUL, COM0–9, LPT0–9 (also with ¹ ² ³), CONIN$, CONOUT$.
 */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

/**
 * Why a file name cannot be stored, or null when it can. The name is taken as it will be stored
 * (trimmed). It must be a bare name (no path), hold no invisible or control character nor one
 * Windows forbids, not be a Windows device name, not end in a dot, and fit 200 characters.
 */
export function fileNameProblem(fileName: string): string | null {
  const name = fileName.trim();
  if (!name) return '文件名不能为空';
  if (/[/\\]/.test(name)) return '文件名不能包含路径（/ 或 \\），请只提供文件名';
  const invisible = unsafeTextProblem(name);
  if (invisible) return `文件名${invisible}`;
  if (WINDOWS_FORBIDDEN.test(name)) return '文件名不能包含 < > : " | ? * 等字符';
  if (name === '.' || name === '..') return '文件名不合法';
  const stem = (name.split('.')[0] ?? '').trimEnd();
  if (WINDOWS_DEVICE_NAME.test(stem)) {
    return `文件名不能是 Windows 的设备保留名（${stem.toUpperCase()}），请重命名`;
  }
  if (name.endsWith('.')) return '文件名不能以点（.）结尾';
  if (name.length > FILE_NAME_MAX_LENGTH || new TextEncoder().encode(name).length > 255) {
    return `文件名过长（最多 ${FILE_NAME_MAX_LENGTH} 个字符）`;
  }
  return null;
}

/** zod refinement of a file name; the message is whole (it names the file name itself). */
export function refineSafeFileName(value: string, ctx: z.RefinementCtx): void {
  const problem = fileNameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
}

/** A day of the calendar. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Years a date filter may name: the two-digit years JavaScript's Date maps to 19xx never reach it. */
const MIN_YEAR = 1900;
const MAX_YEAR = 9999;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The calendar day `YYYY-MM-DD` names, or null when the text is not that shape or the day does
 * not exist (`2026-02-31`, `2027-02-29`, `2026-13-01`). Strict: no time, no other separator, no
 * rolling over into the next month as `Date` does.
 */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** zod refinement of a `YYYY-MM-DD` text: the shape, then that the day exists. */
export function refineCalendarDate(value: string, ctx: z.RefinementCtx): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    ctx.addIssue({ code: 'custom', message: '格式应为 YYYY-MM-DD', input: value });
  } else if (!parseCalendarDate(value)) {
    ctx.addIssue({ code: 'custom', message: `不存在：${value} 不是日历上的日期`, input: value });
  }
}
