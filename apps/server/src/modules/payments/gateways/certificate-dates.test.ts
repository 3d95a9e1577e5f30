/**
 * The certificate checks of 公钥证书 and platform certificates (certificate-dates.ts) on real
 * X.509 certificates made by openssl: validity against a given clock, the path to a root through
 * an intermediate CA, and root files holding certificates this runtime cannot read.
 */
import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeCertificate } from '../../../test/test-certificates.ts';
import { certificateDateProblem, chainToRoot, readableCertificates } from './certificate-dates.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21, 2, 0, 0);

function rsaKey(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

const rootKey = rsaKey();
const root = makeCertificate({ privateKey: rootKey, serialHex: '01', subject: '/C=CN/O=Test/CN=Root' });
const middleKey = rsaKey();
const middle = makeCertificate({
  privateKey: middleKey,
  serialHex: '02',
  subject: '/C=CN/O=Test/CN=Class 1',
  issuer: { certificate: root, privateKey: rootKey },
  isCa: true,
});
const leaf = makeCertificate({
  privateKey: rsaKey(),
  serialHex: '03',
  subject: '/C=CN/O=Test/CN=Leaf',
  issuer: { certificate: middle, privateKey: middleKey },
  notBefore: NOW - 10 * DAY,
  notAfter: NOW + 10 * DAY,
});

describe('certificate checks', () => {
  it('names a certificate not yet valid or expired at the given time, with its China dates', () => {
    const certificate = new X509Certificate(leaf);
    expect(certificateDateProblem('应用公钥证书', certificate, NOW)).toBeNull();
    expect(certificateDateProblem('应用公钥证书', certificate, NOW - 11 * DAY)).toBe(
      '应用公钥证书尚未生效（有效期 2026-11-11 至 2026-12-01），请检查证书是否上传正确',
    );
    expect(certificateDateProblem('应用公钥证书', certificate, NOW + 11 * DAY)).toBe(
      '应用公钥证书已过期（有效期 2026-11-11 至 2026-12-01），请下载新的证书后重新保存',
    );
  });

  it('finds the path to a root through an intermediate CA, and none to another root', () => {
    const [certificate, intermediate, issuer] = [leaf, middle, root].map((pem) => new X509Certificate(pem));
    const path = chainToRoot(certificate!, [intermediate!], [issuer!]);
    expect(path?.map((c) => c.subject.split('\n').at(-1))).toEqual(['CN=Leaf', 'CN=Class 1', 'CN=Root']);
    expect(chainToRoot(certificate!, [], [issuer!])).toBeNull();
    const stranger = new X509Certificate(
      makeCertificate({ privateKey: rsaKey(), serialHex: '04', subject: '/C=CN/O=Other/CN=Root' }),
    );
    expect(chainToRoot(certificate!, [intermediate!], [stranger])).toBeNull();
  });

  it('skips the certificates of a root file this runtime cannot read, keeping the others', () => {
    const unreadable =
      '-----BEGIN CERTIFICATE-----\nMIIBszCCAVegAwIBAgIIaeL+wBcKxnswDAYIKoEcz1UBg3UFADAu\n-----END CERTIFICATE-----\n';
    const { certificates, blocks } = readableCertificates(`${unreadable}${root}`);
    expect(blocks).toBe(2);
    expect(certificates.map((c) => c.serialNumber)).toEqual(['01']);
  });
});
