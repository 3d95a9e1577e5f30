import { describe, expect, it } from 'vitest';
import { REDACTED, changedFields, isSecretField, redactForAudit } from './audit-redaction.ts';

describe('isSecretField', () => {
  it.each([
    'Password',
    'NewPassword',
    'old_password',
    'AccessKeySecret',
    'AppSecret',
    'secret',
    'StaffToken',
    'accesstoken',
    'PrivateKey',
    'ApiV3Key',
    'AlipayPublicKey',
    'PlatformPublicKey',
    'SmsCode',
    'VerifyCode',
    'Signature',
  ])('treats %s as a secret', (name) => {
    expect(isSecretField(name)).toBe(true);
  });

  it.each(['Account', 'Name', 'AccessKeyId', 'SecretId', 'Roles', 'OrderId', 'Keyword', 'Reason', 'Design'])(
    'keeps %s',
    (name) => {
      expect(isSecretField(name)).toBe(false);
    },
  );
});

describe('redactForAudit', () => {
  it('replaces secrets at any depth and keeps everything else', () => {
    const input = {
      Account: 'clerk01',
      Password: 'Staff2026ok',
      Gateway: { AccessKeyId: 'LTAI5t', AccessKeySecret: 'very-secret', Nested: [{ Token: 't0k3n' }] },
    };
    expect(redactForAudit(input)).toEqual({
      Account: 'clerk01',
      Password: REDACTED,
      Gateway: { AccessKeyId: 'LTAI5t', AccessKeySecret: REDACTED, Nested: [{ Token: REDACTED }] },
    });
    expect(JSON.stringify(redactForAudit(input))).not.toMatch(/Staff2026ok|very-secret|t0k3n/);
  });

  it('leaves an empty or absent secret as it was (the log shows none was sent)', () => {
    expect(redactForAudit({ AccessKeySecret: '', Password: null })).toEqual({
      AccessKeySecret: '',
      Password: null,
    });
  });

  it('shortens long texts and long arrays and says how long they were', () => {
    const long = 'x'.repeat(1200);
    expect(redactForAudit(long)).toBe(`${'x'.repeat(500)}…（共 1200 字）`);
    const many = redactForAudit(Array.from({ length: 150 }, (_, i) => i)) as unknown[];
    expect(many).toHaveLength(101);
    expect(many.at(-1)).toBe('…（共 150 项）');
  });
});

describe('changedFields', () => {
  it('keeps only the fields that differ, on both sides', () => {
    expect(
      changedFields(
        { Name: '旧', Roles: ['审稿'], IsActive: true },
        { Name: '旧', Roles: ['审稿', '生产'], IsActive: false },
      ),
    ).toEqual({
      before: { Roles: ['审稿'], IsActive: true },
      after: { Roles: ['审稿', '生产'], IsActive: false },
    });
    expect(changedFields({ A: 1 }, { A: 1 })).toEqual({ before: {}, after: {} });
  });
});
