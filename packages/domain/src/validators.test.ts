import { describe, expect, it } from 'vitest';
import {
  MOBILE_NUMBER_PATTERN,
  isMobileNumber,
  validateConfirmPassword,
  validateMobileNumber,
} from './validators.ts';

describe('validateMobileNumber (spec §5)', () => {
  it.each([undefined, null, '', '   '])('asks for a number when given %j', (value) => {
    expect(validateMobileNumber(value)).toBe('请输入手机号码');
  });

  it.each(['1380013800', '138001380001', '12800138000', '23800138000', '138-0013-8000', '1380013800a'])(
    'rejects %s as malformed',
    (value) => {
      expect(validateMobileNumber(value)).toBe('手机号码格式有误');
      expect(isMobileNumber(value)).toBe(false);
    },
  );

  it.each(['13800138000', '19912345678', '15012345678', ' 17712345678 '])('accepts %j', (value) => {
    expect(validateMobileNumber(value)).toBeNull();
  });

  it('accepts every second digit from 3 to 9 and no other', () => {
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(MOBILE_NUMBER_PATTERN.test(`1${digit}012345678`)).toBe(digit >= 3);
    }
  });
});

describe('validateConfirmPassword (spec §5)', () => {
  it.each([undefined, null, ''])('asks for the confirmation when given %j', (confirm) => {
    expect(validateConfirmPassword('abc123', confirm)).toBe('请输入确认密码');
  });

  it('rejects a confirmation that differs from the password', () => {
    expect(validateConfirmPassword('abc123', 'abc124')).toBe('确认密码必须和密码一致！');
    expect(validateConfirmPassword('abc123', 'abc123 ')).toBe('确认密码必须和密码一致！');
  });

  it('accepts a confirmation equal to the password', () => {
    expect(validateConfirmPassword('abc123', 'abc123')).toBeNull();
  });
});
