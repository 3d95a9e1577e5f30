/**
 * X.509 certificates for the payment fakes (微信支付 platform certificates, 支付宝 公钥证书), made
 * by the `openssl` command line — node:crypto reads certificates (X509Certificate) but cannot make
 * one. openssl reads keys from files in a private temporary directory, removed at once.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface CertificateRequest {
  /** The certificate's key pair: its private key, PKCS#8 PEM. */
  privateKey: string;
  /** The serial number, hex. */
  serialHex: string;
  /** The subject, as openssl's -subj: `/C=CN/O=…/CN=…`. */
  subject: string;
  /** The issuing CA (its certificate and private key); none: self-signed. */
  issuer?: { certificate: string; privateKey: string };
}

/** A certificate of the key (PEM), self-signed or issued by `issuer`, valid for five years. */
export function makeCertificate(request: CertificateRequest): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-certificate-'));
  const file = (name: string, content: string) => {
    const full = path.join(dir, name);
    writeFileSync(full, content, { mode: 0o600 });
    return full;
  };
  const openssl = (args: string[]) =>
    execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const key = file('key.pem', request.privateKey);
    const common = ['-days', '1825', '-set_serial', `0x${request.serialHex}`, '-sha256'];
    if (!request.issuer) {
      return openssl(['req', '-new', '-x509', '-key', key, '-subj', request.subject, ...common]);
    }
    const csr = path.join(dir, 'request.csr');
    openssl(['req', '-new', '-key', key, '-subj', request.subject, '-out', csr]);
    return openssl([
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      file('ca.pem', request.issuer.certificate),
      '-CAkey',
      file('ca-key.pem', request.issuer.privateKey),
      ...common,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
