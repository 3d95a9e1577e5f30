/**
 * The password login's checks, as plain functions: the login form draws its fields without antd's
 * Form (docs/website.md, Performance), so these are its rules. Each returns the message shown
 * beside the field, or null.
 */

/** 请输入账号: the account (mobile number or account name) may not be empty or blanks only. */
export function validateLoginAccount(value: string): string | null {
  return value.trim() === '' ? '请输入账号' : null;
}

/** 请输入密码: any non-empty password is sent; the server says whether it is right. */
export function validateLoginPassword(value: string): string | null {
  return value === '' ? '请输入密码' : null;
}
