/**
 * Form validators shared by the web and the server (spec §5).
 * Each returns the exact Chinese message of the spec, or `null` when the value is valid.
 */

/** Mainland mobile number: 1, then a digit 3–9, then 9 digits (spec §5). */
export const MOBILE_NUMBER_PATTERN = /^1[3-9]\d{9}$/;

/** True when `value` is a mainland mobile number by the rule of spec §5. */
export function isMobileNumber(value: string): boolean {
  return MOBILE_NUMBER_PATTERN.test(value);
}

/** Spec §5: 请输入手机号码 when empty, 手机号码格式有误 when not a mobile number. */
export function validateMobileNumber(value: string | undefined | null): string | null {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return '请输入手机号码';
  if (!isMobileNumber(trimmed)) return '手机号码格式有误';
  return null;
}

/** Spec §5: 请输入确认密码 when empty, 确认密码必须和密码一致！ when it differs from the password. */
export function validateConfirmPassword(password: string, confirm: string | undefined | null): string | null {
  if (!confirm) return '请输入确认密码';
  if (confirm !== password) return '确认密码必须和密码一致！';
  return null;
}

/** Minimum and maximum password length accepted at registration and password change. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;

/** A password must be 6–32 characters and contain both a letter and a digit. */
export function validatePassword(value: string | undefined | null): string | null {
  const password = value ?? '';
  if (password === '') return '请输入密码';
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return `密码长度需为${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位`;
  }
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码需同时包含字母和数字';
  return null;
}
