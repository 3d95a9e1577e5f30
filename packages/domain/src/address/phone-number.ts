/**
 * Phone numbers in a pasted address line: mobile, landline with area code, 400 service numbers.
 */
import { isMobileNumber } from '../validators.ts';

/** Kind of a phone number found in a line. */
export type PhoneKind = 'mobile' | 'landline' | 'service';

/** A phone number found in a text: where it stands and its normalised form. */
export interface PhoneMatch {
  /** Index of the first character of the number, prefixes such as `+86` or `(` included. */
  readonly start: number;
  /** Index just past the number. */
  readonly end: number;
  readonly kind: PhoneKind;
  /** Mobile: 11 digits. Landline: `area-number` plus `-extension`. Service: `400-123-4567`. */
  readonly phoneNumber: string;
}

// One pattern, so the leftmost number wins; the (?<!\d)/(?!\d) guards keep numbers out of longer digit runs.
const PHONE_PATTERN = new RegExp(
  [
    // mobile, with an optional +86/0086/86 prefix and blanks or dashes in 3-4-4 groups
    '(?<mobile>(?<![\\d+])(?:(?:\\+|00)?86[- ]?)?(?<m>1[3-9]\\d[- ]?\\d{4}[- ]?\\d{4})(?!\\d))',
    // 400 service number, 10 digits in any grouping
    '(?<service>(?<!\\d)(?<s>400(?:[- ]?\\d){7})(?!\\d))',
    // landline: (0755)12345678, 0755-12345678, 021 12345678, with 转/-/#/ext extension
    '(?<landline>(?:\\((?<a1>0(?:10|2\\d|[3-9]\\d{2}))\\)|(?<!\\d)(?<a2>0(?:10|2\\d|[3-9]\\d{2})))[- ]?' +
      '(?<n>[1-9]\\d{6,7})(?:\\s*(?:-|转|#|ext\\.?|分机)\\s*(?<x>\\d{1,6}))?(?!\\d))',
  ].join('|'),
  'g',
);

function toPhoneMatch(match: RegExpExecArray): PhoneMatch {
  const groups = match.groups ?? {};
  const start = match.index;
  const end = start + match[0].length;
  const mobile = groups.m?.replace(/\D/g, '');
  if (mobile !== undefined && isMobileNumber(mobile))
    return { start, end, kind: 'mobile', phoneNumber: mobile };
  if (groups.s !== undefined) {
    const digits = groups.s.replace(/\D/g, '');
    return {
      start,
      end,
      kind: 'service',
      phoneNumber: `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
    };
  }
  const area = groups.a1 ?? groups.a2 ?? '';
  const extension = groups.x === undefined ? '' : `-${groups.x}`;
  return { start, end, kind: 'landline', phoneNumber: `${area}-${groups.n ?? ''}${extension}` };
}

/** Every phone number in the text, left to right, without overlaps. */
export function findPhoneNumbers(text: string): PhoneMatch[] {
  const matches: PhoneMatch[] = [];
  for (const match of text.matchAll(PHONE_PATTERN)) matches.push(toPhoneMatch(match));
  return matches;
}

/**
 * The phone number of a pasted line and its place: the first number found; when further numbers
 * follow it with only blanks, labels or punctuation between, the run counts as one and the mobile
 * among them is kept. `undefined` when the line has no phone number.
 */
export function findContactPhone(text: string): PhoneMatch | undefined {
  const all = findPhoneNumbers(text);
  const first = all[0];
  if (first === undefined) return undefined;
  let chosen = first;
  let end = first.end;
  for (const next of all.slice(1)) {
    if (
      !/^[\s\-,;:/|()，；：、。]*(?:或|或者|手机号码|手机号|手机|电话|固话|座机|备用)?[\s:：]*$/.test(
        text.slice(end, next.start),
      )
    )
      break;
    if (chosen.kind !== 'mobile' && next.kind === 'mobile') chosen = next;
    end = next.end;
  }
  return { ...chosen, start: first.start, end };
}
