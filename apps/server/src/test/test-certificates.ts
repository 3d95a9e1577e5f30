/**
 * X.509 certificates for the payment fakes (微信支付 platform certificates, 支付宝 公钥证书), made
 * by the `openssl` command line — node:crypto reads certificates (X509Certificate) but cannot make
 * one. `openssl ca` signs them, so each can be given its exact validity (the tests run on a fixed
 * clock and on other dates: an expired, a not-yet-valid and a valid certificate are all made
 * relative to the test clock). openssl reads keys from files in a private temporary directory,
 * removed at once.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testClockStart } from '../lib/clock.ts';

export interface CertificateRequest {
  /** The certificate's key pair: its private key, PKCS#8 PEM. */
  privateKey: string;
  /** The serial number, hex. */
  serialHex: string;
  /** The subject, as openssl's -subj: `/C=CN/O=…/CN=…`. */
  subject: string;
  /** The issuing CA (its certificate and private key); none: self-signed. */
  issuer?: { certificate: string; privateKey: string };
  /** Valid from (epoch ms); default 30 days before the earlier of the test clock and today. */
  notBefore?: number;
  /** Valid until (epoch ms); default five years after the later of the test clock and today. */
  notAfter?: number;
  /** A certificate authority (basicConstraints CA:TRUE); default: self-signed ones are. */
  isCa?: boolean;
}

const DAY_MS = 86_400_000;

/** The default validity: around both the test clock and the real date, so either may be used. */
export function defaultValidity(): { notBefore: number; notAfter: number } {
  const start = testClockStart();
  const today = Date.now();
  return {
    notBefore: Math.min(start, today) - 30 * DAY_MS,
    notAfter: Math.max(start, today) + 5 * 365 * DAY_MS,
  };
}

/** openssl's GeneralizedTime: YYYYMMDDHHMMSSZ. */
function generalizedTime(ms: number): string {
  return `${new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** A certificate of the key (PEM), self-signed or issued by `issuer`, with the given validity. */
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
    const validity = defaultValidity();
    const isCa = request.isCa ?? !request.issuer;
    const key = file('key.pem', request.privateKey);
    file('index.txt', '');
    file('serial', `${request.serialHex.length % 2 === 0 ? '' : '0'}${request.serialHex}\n`);
    const config = file(
      'ca.cnf',
      [
        '[ca]',
        'default_ca = fake',
        '[fake]',
        `dir = ${dir}`,
        'database = $dir/index.txt',
        'new_certs_dir = $dir',
        'serial = $dir/serial',
        'default_md = sha256',
        'policy = any',
        'unique_subject = no',
        'x509_extensions = extensions',
        '[any]',
        'countryName = optional',
        'organizationName = optional',
        'organizationalUnitName = optional',
        'commonName = supplied',
        '[extensions]',
        `basicConstraints = critical, CA:${isCa ? 'TRUE' : 'FALSE'}`,
        'subjectKeyIdentifier = hash',
        '[req]',
        'distinguished_name = name',
        '[name]',
        '',
      ].join('\n'),
    );
    const csr = path.join(dir, 'request.csr');
    const out = path.join(dir, 'certificate.pem');
    openssl(['req', '-new', '-config', config, '-key', key, '-subj', request.subject, '-out', csr]);
    openssl([
      'ca',
      '-batch',
      '-config',
      config,
      '-notext',
      '-preserveDN',
      '-in',
      csr,
      '-out',
      out,
      '-startdate',
      generalizedTime(request.notBefore ?? validity.notBefore),
      '-enddate',
      generalizedTime(request.notAfter ?? validity.notAfter),
      ...(request.issuer
        ? [
            '-cert',
            file('ca.pem', request.issuer.certificate),
            '-keyfile',
            file('ca-key.pem', request.issuer.privateKey),
          ]
        : ['-selfsign', '-keyfile', key]),
    ]);
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
