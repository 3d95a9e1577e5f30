/**
 * The phone number of a delivery address (spec §3 address, §5): a mainland mobile number or a
 * landline with its area code — a number a courier can ring. 400 service numbers reach a
 * company switchboard, not the consignee, so they are refused.
 */
import { findPhoneNumbers } from './phone-number.ts';

/** Outcome of {@link parseContactPhone}: the number in its stored form, or the Chinese message. */
export type ContactPhoneResult =
  { ok: true; kind: 'mobile' | 'landline'; phoneNumber: string } | { ok: false; message: string };

/** Messages of {@link parseContactPhone}; the first two are spec §5's, and each names the field 手机号码. */
export const CONTACT_PHONE_MESSAGES = {
  empty: '请输入手机号码',
  invalidMobile: '手机号码格式有误',
  invalidLandline: '手机号码格式有误，固定电话请带区号，例如 0755-12345678',
  serviceNumber: '手机号码不能填 400 电话，请填写手机号码或带区号的固定电话',
} as const;

/**
 * Reads the whole text as one phone number. Mobile numbers are stored as 11 digits (a `+86`
 * prefix, blanks and dashes are dropped); landlines as `area-number` with `-extension` when given,
 * e.g. `0755-12345678`, `021-12345678-801`.
 */
export function parseContactPhone(text: string | null | undefined): ContactPhoneResult {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: false, message: CONTACT_PHONE_MESSAGES.empty };
  const [match, ...rest] = findPhoneNumbers(trimmed);
  const isWhole =
    match !== undefined && rest.length === 0 && match.start === 0 && match.end === trimmed.length;
  if (isWhole && match.kind === 'service')
    return { ok: false, message: CONTACT_PHONE_MESSAGES.serviceNumber };
  if (isWhole && (match.kind === 'mobile' || match.kind === 'landline')) {
    return { ok: true, kind: match.kind, phoneNumber: match.phoneNumber };
  }
  // Eight digits or fewer starting with 1 is a local landline number without its area code.
  const digits = trimmed.replace(/[\s-]/g, '').replace(/^\+?86(?=1)/, '');
  const looksMobile = /^1\d{9,}/.test(digits);
  return {
    ok: false,
    message: looksMobile ? CONTACT_PHONE_MESSAGES.invalidMobile : CONTACT_PHONE_MESSAGES.invalidLandline,
  };
}
