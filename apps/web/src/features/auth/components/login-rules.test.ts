import { describe, expect, it } from 'vitest';
import { validateLoginAccount, validateLoginPassword } from './login-rules.ts';

describe('the password login checks', () => {
  it.each([
    ['', '请输入账号'],
    ['   ', '请输入账号'],
    ['13800138000', null],
    [' admin ', null],
  ])('says of the account %j: %s', (value, message) => {
    expect(validateLoginAccount(value)).toBe(message);
  });

  it.each([
    ['', '请输入密码'],
    [' ', null],
    ['Demo1234', null],
  ])('says of the password %j: %s', (value, message) => {
    expect(validateLoginPassword(value)).toBe(message);
  });
});
