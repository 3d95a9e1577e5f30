/**
 * 支付宝公钥证书 as merchants paste them (the three .crt files of 开放平台: 应用公钥证书
 * appCertPublicKey_<APPID>.crt, 支付宝公钥证书 alipayCertPublicKey_RSA2.crt, 支付宝根证书
 * alipayRootCert.crt): each read with node:crypto's X509Certificate and checked, and their serial
 * numbers (app_cert_sn, alipay_root_cert_sn) computed by the official alipay-sdk, which sends them.
 */
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import type { AlipayCertificates } from './alipay-gateway.ts';
import { normalizePublicKey } from './pem.ts';

/** What the certificates say once checked; or why they were refused (a Chinese sentence). */
export type CheckedAlipayCertificates =
  | { ok: true; alipayPublicKey: string; appCertSn: string; alipayRootCertSn: string }
  | { ok: false; message: string };

/** Every certificate in a PEM text (a root certificate file holds several). */
function readCertificates(text: string): X509Certificate[] | null {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) return null;
  try {
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    return null;
  }
}

/**
 * Checks the three certificates against the application's private key: each is an X.509
 * certificate; the application's certificate is of that private key; 支付宝's is RSA of 2048 bits
 * or more. The serial numbers are the SDK's own (what 支付宝 checks). Validity dates are not
 * compared with the server's clock: 支付宝 itself refuses a request naming an expired certificate,
 * and the message says so.
 */
export async function checkAlipayCertificates(
  appId: string,
  privateKey: string,
  certificates: AlipayCertificates,
): Promise<CheckedAlipayCertificates> {
  const labels = {
    appCert: '应用公钥证书',
    alipayPublicCert: '支付宝公钥证书',
    alipayRootCert: '支付宝根证书',
  };
  const read: Partial<Record<keyof AlipayCertificates, X509Certificate[]>> = {};
  for (const field of Object.keys(labels) as (keyof AlipayCertificates)[]) {
    const found = readCertificates(certificates[field]);
    if (!found) return { ok: false, message: `${labels[field]}格式不正确：需要 .crt 文件中的 PEM 证书` };
    read[field] = found;
  }
  const appKey = createPublicKey(createPrivateKey(privateKey)).export({ type: 'spki', format: 'pem' });
  if (read.appCert![0]!.publicKey.export({ type: 'spki', format: 'pem' }) !== appKey) {
    return { ok: false, message: '应用公钥证书与应用私钥不匹配，请上传本应用的 appCertPublicKey 证书' };
  }
  const alipayPublicKey = normalizePublicKey(read.alipayPublicCert![0]!.toString());
  if (!alipayPublicKey) {
    return { ok: false, message: '支付宝公钥证书格式不正确：需要 2048 位及以上的 RSA 证书' };
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
