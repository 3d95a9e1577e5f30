import { describe, expect, it } from 'vitest';
import { findContactPhone, findPhoneNumbers } from './phone-number.ts';

describe('findPhoneNumbers', () => {
  it.each([
    ['13800138000', 'mobile', '13800138000'],
    ['138-0013-8000', 'mobile', '13800138000'],
    ['138 0013 8000', 'mobile', '13800138000'],
    ['+86 13800138000', 'mobile', '13800138000'],
    ['86-13800138000', 'mobile', '13800138000'],
    ['0755-12345678', 'landline', '0755-12345678'],
    ['021 12345678', 'landline', '021-12345678'],
    ['(0755)12345678', 'landline', '0755-12345678'],
    ['010-6512345', 'landline', '010-6512345'],
    ['0755-12345678-801', 'landline', '0755-12345678-801'],
    ['0755-12345678转801', 'landline', '0755-12345678-801'],
    ['400-123-4567', 'service', '400-123-4567'],
    ['4001234567', 'service', '400-123-4567'],
    ['400 1234 567', 'service', '400-123-4567'],
  ])('reads %s as a %s number %s', (text, kind, phoneNumber) => {
    expect(findPhoneNumbers(`张三 ${text} 广东省`)).toEqual([
      { start: 3, end: 3 + text.length, kind, phoneNumber },
    ]);
  });

  it.each([
    ['1380013800', 'ten digits'],
    ['138001380001', 'twelve digits'],
    ['12800138000', 'second digit below 3'],
    ['00755-1234567', 'part of a longer run'],
    ['科技园1栋1201室', 'house numbers'],
  ])('finds nothing in %s (%s)', (text) => {
    expect(findPhoneNumbers(text)).toEqual([]);
  });
});

describe('findContactPhone', () => {
  it('keeps the mobile of numbers written side by side and spans all of them', () => {
    const text = '张三 0755-26712345 / 13800138000 广东省';
    expect(findContactPhone(text)).toEqual({
      start: 3,
      end: text.indexOf(' 广东省'),
      kind: 'mobile',
      phoneNumber: '13800138000',
    });
  });

  it('takes the first number when the next one stands apart', () => {
    const text = '张三 13800138000 广东省深圳市科技园 0755-26712345';
    expect(findContactPhone(text)?.phoneNumber).toBe('13800138000');
    expect(findContactPhone(text)?.end).toBe(14);
  });

  it('returns undefined without a phone number', () => {
    expect(findContactPhone('张三 广东省深圳市')).toBeUndefined();
  });
});
