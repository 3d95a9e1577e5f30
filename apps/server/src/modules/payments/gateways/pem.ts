/**
 * Keys as merchants paste them: PEM, or the bare base64 the gateways' key tools print. Each is
 * normalised to PEM (PKCS#8 private keys, SPKI public keys) and must be RSA of 2048 bits or more,
 * the only keys 微信支付 API v3 and 支付宝 RSA2 use.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

function wrap(base64: string, label: string): string {
  const body = base64.replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function isStrongRsa(key: KeyObject): boolean {
  return key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048;
}

/** The private key as PKCS#8 PEM, or null when it is not an RSA key of 2048 bits or more. */
export function normalizePrivateKey(text: string): string | null {
  const trimmed = text.trim();
  const candidates = trimmed.includes('-----BEGIN')
    ? [trimmed]
    : [wrap(trimmed, 'PRIVATE KEY'), wrap(trimmed, 'RSA PRIVATE KEY')];
  for (const candidate of candidates) {
    try {
      const key = createPrivateKey(candidate);
      if (isStrongRsa(key)) return key.export({ type: 'pkcs8', format: 'pem' }).toString();
    } catch {
      // try the next form
    }
  }
  return null;
}

/**
 * The public key (of a public key or an X.509 certificate) as SPKI PEM, or null when it is not an
 * RSA key of 2048 bits or more.
 */
export function normalizePublicKey(text: string): string | null {
  const trimmed = text.trim();
  const candidates = trimmed.includes('-----BEGIN')
    ? [trimmed]
    : [wrap(trimmed, 'PUBLIC KEY'), wrap(trimmed, 'CERTIFICATE')];
  for (const candidate of candidates) {
    try {
      const key = createPublicKey(candidate);
      if (isStrongRsa(key)) return key.export({ type: 'spki', format: 'pem' }).toString();
    } catch {
      // try the next form
    }
  }
  return null;
}
