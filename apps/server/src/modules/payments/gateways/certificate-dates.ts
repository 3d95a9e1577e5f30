/**
 * Validity dates and issuers of the gateways' X.509 certificates (支付宝公钥证书, 微信支付平台证书),
 * checked with node:crypto's X509Certificate against the server's clock (never the wall clock):
 * a certificate not yet valid or expired is named, with its dates, in Chinese.
 */
import { X509Certificate } from 'node:crypto';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** A date as China reads it: 2026-11-21. */
export function chinaDate(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A certificate's validity in epoch ms. */
export function validityOf(certificate: X509Certificate): { notBefore: number; notAfter: number } {
  return { notBefore: Date.parse(certificate.validFrom), notAfter: Date.parse(certificate.validTo) };
}

/** Why the certificate cannot be used at `now` (a Chinese sentence naming it), or null. */
export function certificateDateProblem(
  label: string,
  certificate: X509Certificate,
  now: number,
): string | null {
  return validityProblem(label, validityOf(certificate), now);
}

/** Why a certificate valid from `notBefore` to `notAfter` (epoch ms) cannot be used at `now`, or null. */
export function validityProblem(
  label: string,
  { notBefore, notAfter }: { notBefore: number; notAfter: number },
  now: number,
): string | null {
  const dates = `有效期 ${chinaDate(notBefore)} 至 ${chinaDate(notAfter)}`;
  if (!(now >= notBefore)) return `${label}尚未生效（${dates}），请检查证书是否上传正确`;
  if (!(now <= notAfter)) return `${label}已过期（${dates}），请下载新的证书后重新保存`;
  return null;
}

/** Every certificate in a PEM text that this runtime can read (others, e.g. SM2, are skipped). */
export function readableCertificates(text: string): { certificates: X509Certificate[]; blocks: number } {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  const certificates: X509Certificate[] = [];
  for (const block of blocks) {
    try {
      certificates.push(new X509Certificate(block));
    } catch {
      // A certificate this runtime cannot parse (支付宝's root file holds SM2 ones): skipped.
    }
  }
  return { certificates, blocks: blocks.length };
}

function isIssuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/**
 * The path from `leaf` up to one of `roots` through the certificates of `pool` (intermediate CAs),
 * leaf first and the root last; null when none of the roots issues it.
 */
export function chainToRoot(
  leaf: X509Certificate,
  pool: readonly X509Certificate[],
  roots: readonly X509Certificate[],
): X509Certificate[] | null {
  const path = [leaf];
  let current = leaf;
  for (let depth = 0; depth < 5; depth += 1) {
    const root = roots.find((candidate) => isIssuedBy(current, candidate));
    if (root) return root === current ? path : [...path, root];
    const next = pool.find((candidate) => !path.includes(candidate) && isIssuedBy(current, candidate));
    if (!next) return null;
    path.push(next);
    current = next;
  }
  return null;
}
