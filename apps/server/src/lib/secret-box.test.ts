import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, parseSecretKey } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, for the same context only', () => {
    const sealed = box.seal('LTAI-secret-值', 'merchant-sms-secret:1:aliyun');
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    expect(sealed).not.toContain('LTAI');
    expect(box.open(sealed, 'merchant-sms-secret:1:aliyun')).toBe('LTAI-secret-值');
    expect(box.open(sealed, 'merchant-sms-secret:2:aliyun')).toBeNull();
    expect(box.open(sealed, 'merchant-sms-secret:1:tencent')).toBeNull();
  });

  it('seals the same secret differently each time, and refuses a changed or foreign value', () => {
    const first = box.seal('same', 'c');
    expect(box.seal('same', 'c')).not.toBe(first);
    const raw = Buffer.from(first.slice(3), 'base64url');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    expect(box.open(`v1.${raw.toString('base64url')}`, 'c')).toBeNull();
    expect(new SecretBox(randomBytes(32)).open(first, 'c')).toBeNull();
    expect(box.open('plain text', 'c')).toBeNull();
    expect(box.open('v1.AAAA', 'c')).toBeNull();
  });
});

describe('parseSecretKey', () => {
  it('takes 64 hex digits or base64 of 32 bytes, nothing else', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretKey('short')).toBeNull();
    expect(parseSecretKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(parseSecretKey(randomBytes(33).toString('base64'))).toBeNull();
  });
});
