/**
 * 支付宝公钥证书 as merchants paste them (the three .crt files of 开放平台: 应用公钥证书
 * appCertPublicKey_<APPID>.crt, 支付宝公钥证书 alipayCertPublicKey_RSA2.crt, 支付宝根证书
 * alipayRootCert.crt): each read with node:crypto's X509Certificate and checked — valid at the
 * server's clock, the application's and 支付宝's certificates issued (through the intermediate CAs
 * in the files) by one of the root file's certificates, the application's of the saved private key
 * — and their serial numbers (app_cert_sn, alipay_root_cert_sn) computed by the official alipay-sdk,
 * which sends them.
 */
import { createPrivateKey, createPublicKey, type X509Certificate } from 'node:crypto';
import type { AlipayCertificates } from './alipay-gateway.ts';
import {
  certificateDateProblem,
  chainToRoot,
  readableCertificates,
  validityOf,
} from './certificate-dates.ts';
import { normalizePublicKey } from './pem.ts';

/** One certificate as the console shows it. */
export interface CertificateFacts {
  name: string;
  /** The X.509 serial number, upper-case hex. */
  serialNo: string;
  notBefore: number;
  notAfter: number;
}

/** What the certificates say once checked; or why they were refused (a Chinese sentence). */
export type CheckedAlipayCertificates =
  | {
      ok: true;
      alipayPublicKey: string;
      appCertSn: string;
      alipayRootCertSn: string;
    }
  | { ok: false; message: string };

const LABELS: Record<keyof AlipayCertificates, string> = {
  appCert: '应用公钥证书',
  alipayPublicCert: '支付宝公钥证书',
  alipayRootCert: '支付宝根证书',
};

function factsOf(name: string, certificate: X509Certificate): CertificateFacts {
  return { name, serialNo: certificate.serialNumber.toUpperCase(), ...validityOf(certificate) };
}

/**
 * The saved certificates as the console lists them: the application's, 支付宝's and the root
 * certificate that issues them, each with its serial number and validity.
 */
export function describeAlipayCertificates(certificates: AlipayCertificates): CertificateFacts[] {
  const app = readableCertificates(certificates.appCert).certificates;
  const alipay = readableCertificates(certificates.alipayPublicCert).certificates;
  const roots = readableCertificates(certificates.alipayRootCert).certificates;
  const facts: CertificateFacts[] = [];
  for (const [label, leaf] of [
    [LABELS.appCert, app[0]],
    [LABELS.alipayPublicCert, alipay[0]],
  ] as const) {
    if (!leaf) continue;
    facts.push(factsOf(label, leaf));
    const chain = chainToRoot(leaf, [...app, ...alipay], roots);
    const root = chain && chain.length > 1 ? chain[chain.length - 1]! : null;
    if (
      root &&
      !facts.some((f) => f.name === LABELS.alipayRootCert && f.serialNo === root.serialNumber.toUpperCase())
    ) {
      facts.push(factsOf(LABELS.alipayRootCert, root));
    }
  }
  return facts;
}

/** The name of a certificate of a chain (leaf first, root last). */
function chainName(label: string, index: number, length: number): string {
  if (index === 0) return label;
  return index === length - 1 ? LABELS.alipayRootCert : `${label}的中间证书`;
}

/**
 * Why the saved certificates cannot be used at `now` — the application's or 支付宝's certificate,
 * or the root that issues them, not yet valid or expired — or null. Each request and notification
 * of an account in 公钥证书 mode is checked with it (the gateway).
 */
export function alipayCertificateDateProblem(certificates: AlipayCertificates, now: number): string | null {
  const app = readableCertificates(certificates.appCert).certificates;
  const alipay = readableCertificates(certificates.alipayPublicCert).certificates;
  const roots = readableCertificates(certificates.alipayRootCert).certificates;
  const pool = [...app, ...alipay];
  for (const [label, leaf] of [
    [LABELS.appCert, app[0]],
    [LABELS.alipayPublicCert, alipay[0]],
  ] as const) {
    if (!leaf) return `${label}无法读取，请重新上传`;
    const chain = chainToRoot(leaf, pool, roots) ?? [leaf];
    for (const [index, certificate] of chain.entries()) {
      const problem = certificateDateProblem(chainName(label, index, chain.length), certificate, now);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * Checks the three certificates against the application's private key at `now` (the server's
 * clock): each is an X.509 certificate; the application's and 支付宝's are valid now and issued
 * by one of the root file's certificates (those this runtime cannot read, such as SM2, are
 * skipped; at least one must issue the chain), directly or through the intermediate CAs the files
 * hold; the application's is of the private key; 支付宝's is RSA of 2048 bits or more. The serial
 * numbers are the SDK's own (what 支付宝 checks).
 */
export async function checkAlipayCertificates(
  appId: string,
  privateKey: string,
  certificates: AlipayCertificates,
  now: number,
): Promise<CheckedAlipayCertificates> {
  const read: Partial<Record<keyof AlipayCertificates, X509Certificate[]>> = {};
  for (const field of Object.keys(LABELS) as (keyof AlipayCertificates)[]) {
    const { certificates: found, blocks } = readableCertificates(certificates[field]);
    if (blocks === 0 || (field !== 'alipayRootCert' && found.length !== blocks) || found.length === 0) {
      return { ok: false, message: `${LABELS[field]}格式不正确：需要 .crt 文件中的 PEM 证书` };
    }
    read[field] = found;
  }
  const appCert = read.appCert![0]!;
  const alipayCert = read.alipayPublicCert![0]!;
  const roots = read.alipayRootCert!;
  const appKey = createPublicKey(createPrivateKey(privateKey)).export({ type: 'spki', format: 'pem' });
  if (appCert.publicKey.export({ type: 'spki', format: 'pem' }) !== appKey) {
    return { ok: false, message: '应用公钥证书与应用私钥不匹配，请上传本应用的 appCertPublicKey 证书' };
  }
  const alipayPublicKey = normalizePublicKey(alipayCert.toString());
  if (!alipayPublicKey) {
    return { ok: false, message: '支付宝公钥证书格式不正确：需要 2048 位及以上的 RSA 证书' };
  }
  const pool = [...read.appCert!, ...read.alipayPublicCert!];
  for (const [label, leaf] of [
    [LABELS.appCert, appCert],
    [LABELS.alipayPublicCert, alipayCert],
  ] as const) {
    const chain = chainToRoot(leaf, pool, roots);
    if (!chain) {
      return {
        ok: false,
        message: `${label}不是由所上传的支付宝根证书签发的，请上传开放平台同一应用下载的 alipayRootCert.crt`,
      };
    }
    for (const [index, certificate] of chain.entries()) {
      const problem = certificateDateProblem(chainName(label, index, chain.length), certificate, now);
      if (problem) return { ok: false, message: problem };
    }
  }
  try {
    const { AlipaySdk } = await import('alipay-sdk');
    const sdk = new AlipaySdk({
      appId,
      privateKey,
      keyType: 'PKCS8',
      appCertContent: certificates.appCert,
      alipayPublicCertContent: certificates.alipayPublicCert,
      alipayRootCertContent: certificates.alipayRootCert,
    });
    if (!sdk.config.alipayRootCertSn) {
      return { ok: false, message: '支付宝根证书中没有 RSA 证书，请上传 alipayRootCert.crt' };
    }
    return {
      ok: true,
      alipayPublicKey,
      appCertSn: sdk.config.appCertSn,
      alipayRootCertSn: sdk.config.alipayRootCertSn,
    };
  } catch {
    return { ok: false, message: '支付宝公钥证书无法读取，请上传开放平台下载的 .crt 文件' };
  }
}
