import { createCipheriv, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alipayTime, fenToYuanString, rfc3339China, yuanStringToFen } from './gateway-format.ts';
import { normalizePrivateKey, normalizePublicKey } from './pem.ts';
import { decryptResource } from './wechat-pay-gateway.ts';

describe('gateway formats', () => {
  it('writes China time as the gateways do', () => {
    const instant = Date.UTC(2031, 11, 31, 15, 59, 30, 999);
    expect(rfc3339China(instant)).toBe('2031-12-31T23:59:30+08:00');
    expect(alipayTime(instant)).toBe('2031-12-31 23:59:30');
    expect(rfc3339China(Date.UTC(2031, 11, 31, 16, 0, 0))).toBe('2032-01-01T00:00:00+08:00');
  });

  it('turns fen into yuan strings and back, exactly', () => {
    expect([1, 10, 100, 1234, 100_000_00].map(fenToYuanString)).toEqual([
      '0.01',
      '0.10',
      '1.00',
      '12.34',
      '100000.00',
    ]);
    expect(['0.01', '0.1', '12', '12.34', '100000.00'].map(yuanStringToFen)).toEqual([
      1, 10, 1200, 1234, 10_000_000,
    ]);
    for (const bad of ['', '1.234', '-1', '1e3', ' ', 'abc', 12]) expect(yuanStringToFen(bad)).toBeNaN();
  });
});

describe('keys as merchants paste them', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  it('accepts PEM and bare base64 of RSA keys of 2048 bits', () => {
    const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const bare = pkcs8.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    expect(normalizePrivateKey(pkcs1)).toBe(pkcs8);
    expect(normalizePrivateKey(bare)).toBe(pkcs8);
    const spki = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(normalizePublicKey(spki.replace(/-----[A-Z ]+-----/g, ''))).toBe(spki);
  });

  it('refuses anything else', () => {
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expect(
      normalizePrivateKey(weak.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    ).toBeNull();
    expect(normalizePrivateKey(ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toBeNull();
    expect(normalizePrivateKey('not a key')).toBeNull();
    expect(normalizePublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).toBeNull();
  });
});

describe('AEAD_AES_256_GCM resources', () => {
  const key = '0123456789abcdef0123456789abcdef';
  const seal = (plain: string, nonce: string, aad: string) => {
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(aad));
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString('base64');
  };

  it('opens with the APIv3 key, nonce and associated data, and nothing else', () => {
    const ciphertext = seal('{"trade_state":"SUCCESS"}', 'fdasflkja484', 'transaction');
    expect(decryptResource(key, 'fdasflkja484', 'transaction', ciphertext)).toBe('{"trade_state":"SUCCESS"}');
    expect(() => decryptResource(key, 'fdasflkja484', 'refund', ciphertext)).toThrow();
    expect(() => decryptResource('x'.repeat(32), 'fdasflkja484', 'transaction', ciphertext)).toThrow();
    const flipped = Buffer.from(ciphertext, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptResource(key, 'fdasflkja484', 'transaction', flipped.toString('base64'))).toThrow();
  });
});
