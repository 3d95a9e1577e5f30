/**
 * Each merchant's own 微信支付 and 支付宝 accounts (docs/payments.md): every merchant is paid into
 * its own account. Identifiers are stored as they are; keys are sealed with AES-256-GCM under
 * PAYMENT_CONFIG_KEY, bound to their merchant and provider (lib/secret-box.ts) (a sealed box copied to another row
 * does not open), and are never returned to anyone — staff see only whether each is set.
 */
import type { FastifyBaseLogger } from 'fastify';
import { selectRowsWhere } from '../../db/row-statements.ts';
import type {
  GatewayProvider,
  PaymentGatewaySettings,
  SavePaymentGatewaySettingsBody,
} from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseSecretKey, SecretBox } from '../../lib/secret-box.ts';
import { CERTIFICATE_EXPIRY_WARNING_DAYS } from '@inkstone/contracts';
import { checkAlipayCertificates, describeAlipayCertificates } from './gateways/alipay-certificates.ts';
import { certificateDateProblem, readableCertificates, validityOf } from './gateways/certificate-dates.ts';
import type { AlipayAccount } from './gateways/alipay-gateway.ts';
import { normalizePrivateKey, normalizePublicKey } from './gateways/pem.ts';
import { GatewayError } from './gateways/payment-gateway.ts';
import type { PlatformCertificate, WechatPayAccount } from './gateways/wechat-pay-gateway.ts';

function boxContext(merchantId: number, provider: GatewayProvider): string {
  return `inkstone-payment-account:${merchantId}:${provider}`;
}

interface WechatPublic {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  platformSerial: string;
  /** On platform certificates downloaded by the server (GET /v3/certificates), none pasted. */
  downloadCertificates?: boolean;
  /** 公众号 AppID of 微信内支付 (JSAPI); equal to appId (bound to the 商户号), '' when not set. */
  officialAppId?: string;
  /** Its AppSecret is saved (sealed with the keys), so the pay page can offer JSAPI without opening them. */
  hasOfficialAppSecret?: boolean;
  /** A pasted platform certificate's validity (epoch ms); none for a 微信支付公钥. */
  platformCertificate?: { notBefore: number; notAfter: number };
}
interface WechatSecret {
  privateKey?: string;
  apiV3Key?: string;
  platformPublicKey?: string;
  /** 公众号 AppSecret: exchanges 网页授权 codes for openids. */
  officialAppSecret?: string;
}

/** 微信内支付 (JSAPI) is offered: a 公众号 AppID bound to the 商户号 (the account's AppID) and its secret. */
function isJsapiReady(ids: Partial<WechatPublic>, secrets: WechatSecret | null): boolean {
  return Boolean(ids.officialAppId && ids.officialAppId === ids.appId && secrets?.officialAppSecret);
}
interface AlipayPublic {
  appId: string;
  sellerId: string;
  /** 公钥证书 mode, with the serial numbers the SDK sends. */
  keyMode?: 'public_key' | 'cert';
  appCertSn?: string;
  alipayRootCertSn?: string;
}
interface AlipaySecret {
  privateKey?: string;
  alipayPublicKey?: string;
  appCert?: string;
  alipayPublicCert?: string;
  alipayRootCert?: string;
}

type AccountRow = {
  provider: string;
  enabled: number;
  public_settings: string;
  secret_box: string;
  updated_by: string;
  updated_at: number;
};

function parseJson<T>(textValue: string, fallback: T): T {
  try {
    return JSON.parse(textValue) as T;
  } catch {
    return fallback;
  }
}

export interface GatewayAccountsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** PAYMENT_CONFIG_KEY as configured ('' when unset). */
  configKey: string;
  /** 下载平台证书 with an account's keys (GET /v3/certificates, decrypted and verified). */
  downloadWechatCertificates?(account: WechatPayAccount): Promise<PlatformCertificate[]>;
}

export class GatewayAccounts {
  private readonly box: SecretBox | null;

  constructor(private readonly deps: GatewayAccountsDeps) {
    const key = parseSecretKey(deps.configKey);
    this.box = key ? new SecretBox(key) : null;
  }

  /** Whether accounts can be saved and read (PAYMENT_CONFIG_KEY is set). */
  get canSave(): boolean {
    return this.box !== null;
  }

  private async rows(merchantId: number): Promise<AccountRow[]> {
    return this.deps.db
      .selectFrom('payment_gateway_accounts')
      .select(['provider', 'enabled', 'public_settings', 'secret_box', 'updated_by', 'updated_at'])
      .where('merchant_id', '=', merchantId)
      .execute();
  }

  /** The providers the merchant has enabled (no key is opened). */
  async enabledProviders(merchantId: number): Promise<GatewayProvider[]> {
    const rows = await selectRowsWhere(
      this.deps.db,
      'payment_gateway_accounts',
      { merchant_id: merchantId, enabled: 1 },
      { columns: ['provider'], orderBy: [['provider', 'desc']] },
    );
    return rows.map((row) => row.provider as GatewayProvider).filter((p) => p === 'wechat' || p === 'alipay');
  }

  private openSecrets<T>(merchantId: number, provider: GatewayProvider, box: string): T | null {
    const opened = this.box?.open(box, boxContext(merchantId, provider)) ?? null;
    if (this.box && opened === null) {
      this.deps.log.error(
        { merchantId, provider },
        'payment account keys cannot be opened (PAYMENT_CONFIG_KEY changed?)',
      );
    }
    if (opened === null) return null;
    try {
      return JSON.parse(opened) as T;
    } catch {
      this.deps.log.error(
        { merchantId, provider },
        'payment account keys cannot be opened (PAYMENT_CONFIG_KEY changed?)',
      );
      return null;
    }
  }

  /**
   * Whether the merchant's enabled 微信支付 account offers 微信内支付 (JSAPI): its 公众号 AppID is
   * the AppID bound to the 商户号 and the AppSecret is saved (no key is opened).
   */
  async isWechatJsapiReady(merchantId: number): Promise<boolean> {
    const row = await this.deps.db
      .selectFrom('payment_gateway_accounts')
      .select('public_settings')
      .where('merchant_id', '=', merchantId)
      .where('provider', '=', 'wechat')
      .where('enabled', '=', 1)
      .executeTakeFirst();
    const ids = parseJson<Partial<WechatPublic>>(row?.public_settings ?? '{}', {});
    return Boolean(ids.officialAppId && ids.officialAppId === ids.appId && ids.hasOfficialAppSecret);
  }

  /** The 公众号 of the merchant's enabled 微信支付 account (JSAPI and 网页授权), or null. */
  async wechatOfficialAccount(merchantId: number): Promise<{ appId: string; appSecret: string } | null> {
    const row = (await this.rows(merchantId)).find((r) => r.provider === 'wechat' && r.enabled === 1);
    if (!row) return null;
    const ids = parseJson<Partial<WechatPublic>>(row.public_settings, {});
    const secrets = this.openSecrets<WechatSecret>(merchantId, 'wechat', row.secret_box);
    if (!isJsapiReady(ids, secrets)) return null;
    return { appId: ids.officialAppId!, appSecret: secrets!.officialAppSecret! };
  }

  /**
   * The merchant's enabled 微信支付 account with its keys, or null. `evenDisabled`: a saved account
   * with all its keys though not enabled (the console's 测试支付 tries it before customers can).
   */
  async wechat(merchantId: number, { evenDisabled = false } = {}): Promise<WechatPayAccount | null> {
    const row = (await this.rows(merchantId)).find(
      (r) => r.provider === 'wechat' && (evenDisabled || r.enabled === 1),
    );
    if (!row) return null;
    const secrets = this.openSecrets<WechatSecret>(merchantId, 'wechat', row.secret_box);
    const ids = parseJson<WechatPublic | null>(row.public_settings, null);
    if (!secrets?.privateKey || !secrets.apiV3Key || !ids) return null;
    if (ids.downloadCertificates) {
      return {
        mchId: ids.mchId,
        appId: ids.appId,
        merchantSerialNo: ids.merchantSerialNo,
        platformSerial: '',
        platformPublicKey: '',
        privateKey: secrets.privateKey,
        apiV3Key: secrets.apiV3Key,
        platformKeys: await this.platformKeys(merchantId),
      };
    }
    if (!secrets.platformPublicKey) return null;
    return {
      mchId: ids.mchId,
      appId: ids.appId,
      merchantSerialNo: ids.merchantSerialNo,
      platformSerial: ids.platformSerial,
      privateKey: secrets.privateKey,
      apiV3Key: secrets.apiV3Key,
      platformPublicKey: secrets.platformPublicKey,
      ...(ids.platformCertificate ? { platformCertificate: ids.platformCertificate } : {}),
    };
  }

  /** The merchant's downloaded 微信支付 platform certificates not yet expired: serial → SPKI PEM. */
  async platformKeys(merchantId: number): Promise<Record<string, string>> {
    const now = this.deps.clock.now();
    const rows = await this.deps.db
      .selectFrom('wechat_platform_certificates')
      .select(['serial_no', 'public_key'])
      .where('merchant_id', '=', merchantId)
      .where('expires_at', '>', now)
      .where('effective_at', '<=', now)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.serial_no, row.public_key]));
  }

  /** Keeps downloaded platform certificates (a serial already kept is kept as it was). */
  async storePlatformCertificates(merchantId: number, certificates: PlatformCertificate[]): Promise<void> {
    const now = this.deps.clock.now();
    for (const certificate of certificates) {
      await this.deps.db
        .insertInto('wechat_platform_certificates')
        .values({
          merchant_id: merchantId,
          serial_no: certificate.serialNo.slice(0, 64),
          certificate: certificate.certificate,
          public_key: certificate.publicKey,
          effective_at: certificate.effectiveAt,
          expires_at: certificate.expiresAt,
          fetched_at: now,
        })
        .onConflict((conflict) => conflict.columns(['merchant_id', 'serial_no']).doNothing())
        .execute();
    }
  }

  /** The merchant's enabled 支付宝 account with its keys, or null (`evenDisabled` as for wechat). */
  async alipay(merchantId: number, { evenDisabled = false } = {}): Promise<AlipayAccount | null> {
    const row = (await this.rows(merchantId)).find(
      (r) => r.provider === 'alipay' && (evenDisabled || r.enabled === 1),
    );
    if (!row) return null;
    const secrets = this.openSecrets<AlipaySecret>(merchantId, 'alipay', row.secret_box);
    const ids = parseJson<AlipayPublic | null>(row.public_settings, null);
    if (!secrets?.privateKey || !ids) return null;
    const account = { appId: ids.appId, sellerId: ids.sellerId, privateKey: secrets.privateKey };
    if (ids.keyMode === 'cert') {
      const { appCert, alipayPublicCert, alipayRootCert, alipayPublicKey } = secrets;
      if (!appCert || !alipayPublicCert || !alipayRootCert || !alipayPublicKey) return null;
      return { ...account, alipayPublicKey, certificates: { appCert, alipayPublicCert, alipayRootCert } };
    }
    if (!secrets.alipayPublicKey) return null;
    return { ...account, alipayPublicKey: secrets.alipayPublicKey };
  }

  /** The settings as staff read them: identifiers and whether each key is set, never a key. */
  async settings(
    merchantId: number,
    notifyUrls: Record<GatewayProvider, string>,
  ): Promise<PaymentGatewaySettings> {
    const rows = await this.rows(merchantId);
    const meta = (row: AccountRow | undefined) => ({
      Configured: row !== undefined,
      Enabled: row?.enabled === 1,
      UpdatedAt: row ? new Date(row.updated_at).toISOString() : null,
      UpdatedBy: row?.updated_by ?? '',
    });
    const wechatRow = rows.find((row) => row.provider === 'wechat');
    const alipayRow = rows.find((row) => row.provider === 'alipay');
    const wechatIds = parseJson<Partial<WechatPublic>>(wechatRow?.public_settings ?? '{}', {});
    const alipayIds = parseJson<Partial<AlipayPublic>>(alipayRow?.public_settings ?? '{}', {});
    const wechatKeys = wechatRow
      ? this.openSecrets<WechatSecret>(merchantId, 'wechat', wechatRow.secret_box)
      : null;
    const alipayKeys = alipayRow
      ? this.openSecrets<AlipaySecret>(merchantId, 'alipay', alipayRow.secret_box)
      : null;
    const now = this.deps.clock.now();
    const expiresSoon = (notAfter: number) => notAfter - now <= CERTIFICATE_EXPIRY_WARNING_DAYS * 86_400_000;
    const certificates = await this.deps.db
      .selectFrom('wechat_platform_certificates')
      .select(['serial_no', 'effective_at', 'expires_at'])
      .where('merchant_id', '=', merchantId)
      .where('expires_at', '>', now)
      .orderBy('expires_at', 'desc')
      .execute();
    return {
      CanSave: this.canSave,
      Wechat: {
        ...meta(wechatRow),
        MchId: wechatIds.mchId ?? '',
        AppId: wechatIds.appId ?? '',
        MerchantSerialNo: wechatIds.merchantSerialNo ?? '',
        PlatformSerial: wechatIds.platformSerial ?? '',
        DownloadPlatformCertificates: wechatIds.downloadCertificates === true,
        PlatformCertificates:
          wechatIds.downloadCertificates === true
            ? certificates.map((row) => ({
                SerialNo: row.serial_no,
                EffectiveAt: new Date(row.effective_at).toISOString(),
                ExpiresAt: new Date(row.expires_at).toISOString(),
                ExpiresSoon: expiresSoon(row.expires_at),
              }))
            : wechatIds.platformCertificate
              ? [
                  {
                    SerialNo: wechatIds.platformSerial ?? '',
                    EffectiveAt: new Date(wechatIds.platformCertificate.notBefore).toISOString(),
                    ExpiresAt: new Date(wechatIds.platformCertificate.notAfter).toISOString(),
                    ExpiresSoon: expiresSoon(wechatIds.platformCertificate.notAfter),
                  },
                ]
              : [],
        HasPrivateKey: Boolean(wechatKeys?.privateKey),
        HasApiV3Key: Boolean(wechatKeys?.apiV3Key),
        HasPlatformPublicKey: Boolean(wechatKeys?.platformPublicKey),
        OfficialAppId: wechatIds.officialAppId ?? '',
        HasOfficialAppSecret: Boolean(wechatKeys?.officialAppSecret),
        JsapiReady: wechatRow?.enabled === 1 && isJsapiReady(wechatIds, wechatKeys),
        NotifyUrl: notifyUrls.wechat,
      },
      Alipay: {
        ...meta(alipayRow),
        AppId: alipayIds.appId ?? '',
        SellerId: alipayIds.sellerId ?? '',
        KeyMode: alipayIds.keyMode === 'cert' ? 'cert' : 'public_key',
        HasPrivateKey: Boolean(alipayKeys?.privateKey),
        HasAlipayPublicKey: alipayIds.keyMode !== 'cert' && Boolean(alipayKeys?.alipayPublicKey),
        HasAppCert: Boolean(alipayKeys?.appCert),
        HasAlipayPublicCert: Boolean(alipayKeys?.alipayPublicCert),
        HasAlipayRootCert: Boolean(alipayKeys?.alipayRootCert),
        AppCertSn: alipayIds.appCertSn ?? '',
        AlipayRootCertSn: alipayIds.alipayRootCertSn ?? '',
        Certificates:
          alipayIds.keyMode === 'cert' &&
          alipayKeys?.appCert &&
          alipayKeys.alipayPublicCert &&
          alipayKeys.alipayRootCert
            ? describeAlipayCertificates({
                appCert: alipayKeys.appCert,
                alipayPublicCert: alipayKeys.alipayPublicCert,
                alipayRootCert: alipayKeys.alipayRootCert,
              }).map((facts) => ({
                Name: facts.name,
                SerialNo: facts.serialNo,
                ValidFrom: new Date(facts.notBefore).toISOString(),
                ValidTo: new Date(facts.notAfter).toISOString(),
                ExpiresSoon: expiresSoon(facts.notAfter),
              }))
            : [],
        NotifyUrl: notifyUrls.alipay,
      },
    };
  }

  /**
   * Saves one provider's account. A key left empty keeps the one saved before; every key given
   * is checked (an RSA key of 2048 bits or more, a 32-character APIv3 key), and an account is
   * enabled only with all of its keys.
   */
  async save(merchantId: number, actorName: string, body: SavePaymentGatewaySettingsBody): Promise<void> {
    const secretBox = this.box;
    if (!secretBox) {
      throw new AppError(
        'PaymentGatewayFailed',
        '服务器未设置支付配置加密密钥（PAYMENT_CONFIG_KEY），不能保存收款设置，请联系运维人员',
      );
    }
    const provider = body.Provider;
    const existing = (await this.rows(merchantId)).find((row) => row.provider === provider);
    const kept = existing
      ? (this.openSecrets<Record<string, string>>(merchantId, provider, existing.secret_box) ?? {})
      : {};
    let ids: WechatPublic | AlipayPublic;
    let secrets: Record<string, string | undefined>;
    let downloaded: PlatformCertificate[] = [];
    if (body.Provider === 'wechat') {
      const isDownload = body.DownloadPlatformCertificates === true;
      if (!isDownload && !body.PlatformSerial) {
        throw new AppError(
          'ValidationFailed',
          '请填写微信支付公钥 ID 或平台证书序列号，或选择由服务器下载平台证书',
        );
      }
      const officialAppId = body.OfficialAppId;
      if (officialAppId && officialAppId !== body.AppId) {
        throw new AppError(
          'ValidationFailed',
          '公众号 AppID 必须是与商户号绑定的 AppID：微信内支付以它下单，请在「AppID」填写同一个公众号 AppID',
        );
      }
      // Without a 公众号 AppID there is no 微信内支付, and its secret is not kept.
      const officialAppSecret = officialAppId ? body.OfficialAppSecret || kept.officialAppSecret : undefined;
      if (officialAppId && !officialAppSecret) {
        throw new AppError('ValidationFailed', '请填写公众号 AppSecret（微信内支付的网页授权要用）');
      }
      const wechatIds: WechatPublic = {
        mchId: body.MchId,
        appId: body.AppId,
        merchantSerialNo: body.MerchantSerialNo.toUpperCase(),
        platformSerial: isDownload ? '' : body.PlatformSerial,
        ...(isDownload ? { downloadCertificates: true } : {}),
        ...(officialAppId ? { officialAppId, hasOfficialAppSecret: true } : {}),
      };
      if (!isDownload) {
        // A pasted platform certificate must be valid now; its dates are kept to check every use.
        const pasted = body.PlatformPublicKey
          ? platformCertificateOrNull(body.PlatformPublicKey, this.deps.clock.now())
          : existing
            ? parseJson<Partial<WechatPublic>>(existing.public_settings, {}).platformCertificate
            : undefined;
        if (pasted) wechatIds.platformCertificate = pasted;
      }
      ids = wechatIds;
      secrets = {
        privateKey: body.PrivateKey ? privateKeyOrRefuse(body.PrivateKey, '商户 API 私钥') : kept.privateKey,
        apiV3Key: body.ApiV3Key || kept.apiV3Key,
        platformPublicKey: body.PlatformPublicKey
          ? publicKeyOrRefuse(body.PlatformPublicKey, '微信支付公钥或平台证书')
          : kept.platformPublicKey,
        officialAppSecret,
      };
      const needed: Record<string, string> = { privateKey: '商户 API 私钥', apiV3Key: 'APIv3 密钥' };
      if (!isDownload) needed.platformPublicKey = '微信支付公钥';
      if (body.Enabled) requireAll(secrets, needed, '微信支付');
      if (isDownload && secrets.privateKey && secrets.apiV3Key) {
        downloaded = await this.download({
          ...wechatIds,
          privateKey: secrets.privateKey,
          apiV3Key: secrets.apiV3Key,
          platformPublicKey: '',
        });
      }
    } else {
      const privateKey = body.PrivateKey ? privateKeyOrRefuse(body.PrivateKey, '应用私钥') : kept.privateKey;
      if (body.KeyMode === 'cert') {
        const certificates = {
          appCert: body.AppCert || kept.appCert,
          alipayPublicCert: body.AlipayPublicCert || kept.alipayPublicCert,
          alipayRootCert: body.AlipayRootCert || kept.alipayRootCert,
        };
        const labels = {
          privateKey: '应用私钥',
          appCert: '应用公钥证书',
          alipayPublicCert: '支付宝公钥证书',
          alipayRootCert: '支付宝根证书',
        };
        secrets = { privateKey, ...certificates };
        if (body.Enabled) requireAll(secrets, labels, '支付宝');
        const alipayIds: AlipayPublic = { appId: body.AppId, sellerId: body.SellerId, keyMode: 'cert' };
        const { appCert, alipayPublicCert, alipayRootCert } = certificates;
        if (privateKey && appCert && alipayPublicCert && alipayRootCert) {
          const checked = await checkAlipayCertificates(
            body.AppId,
            privateKey,
            { appCert, alipayPublicCert, alipayRootCert },
            this.deps.clock.now(),
          );
          if (!checked.ok) throw new AppError('ValidationFailed', checked.message);
          secrets.alipayPublicKey = checked.alipayPublicKey;
          alipayIds.appCertSn = checked.appCertSn;
          alipayIds.alipayRootCertSn = checked.alipayRootCertSn;
        }
        ids = alipayIds;
      } else {
        ids = { appId: body.AppId, sellerId: body.SellerId };
        secrets = {
          privateKey,
          alipayPublicKey: body.AlipayPublicKey
            ? publicKeyOrRefuse(body.AlipayPublicKey, '支付宝公钥')
            : kept.alipayPublicKey,
        };
        if (body.Enabled)
          requireAll(secrets, { privateKey: '应用私钥', alipayPublicKey: '支付宝公钥' }, '支付宝');
      }
    }
    const now = this.deps.clock.now();
    const row = {
      enabled: body.Enabled ? 1 : 0,
      public_settings: JSON.stringify(ids),
      secret_box: secretBox.seal(JSON.stringify(secrets), boxContext(merchantId, provider)),
      updated_by: actorName.slice(0, 100),
      updated_at: now,
    };
    if (existing) {
      await this.deps.db
        .updateTable('payment_gateway_accounts')
        .set(row)
        .where('merchant_id', '=', merchantId)
        .where('provider', '=', provider)
        .execute();
    } else {
      await this.deps.db
        .insertInto('payment_gateway_accounts')
        .values({ ...row, merchant_id: merchantId, provider, created_at: now })
        .execute();
    }
    await this.storePlatformCertificates(merchantId, downloaded);
  }

  /** The platform certificates of an account being saved; nothing is saved when it fails. */
  private async download(account: WechatPayAccount): Promise<PlatformCertificate[]> {
    if (!this.deps.downloadWechatCertificates) {
      throw new AppError('PaymentGatewayFailed', '服务器不能下载微信支付平台证书');
    }
    try {
      return await this.deps.downloadWechatCertificates(account);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'wechat platform certificates could not be downloaded');
      const reason = error instanceof GatewayError ? error.message : '微信支付没有应答';
      throw new AppError('PaymentGatewayFailed', `下载微信支付平台证书失败：${reason}`);
    }
  }
}

/**
 * The validity of a pasted 微信支付 platform certificate, refused when not valid at `now`; undefined
 * when the text is a public key (微信支付公钥 has no dates).
 */
function platformCertificateOrNull(
  textValue: string,
  now: number,
): { notBefore: number; notAfter: number } | undefined {
  const [certificate] = readableCertificates(textValue).certificates;
  if (!certificate) return undefined;
  const problem = certificateDateProblem(
    `微信支付平台证书（序列号 ${certificate.serialNumber.toUpperCase()}）`,
    certificate,
    now,
  );
  if (problem) throw new AppError('ValidationFailed', problem);
  return validityOf(certificate);
}

function privateKeyOrRefuse(textValue: string, label: string): string {
  const pem = normalizePrivateKey(textValue);
  if (!pem)
    throw new AppError(
      'ValidationFailed',
      `${label}格式不正确：需要 2048 位及以上的 RSA 私钥（PEM 或 Base64）`,
    );
  return pem;
}

function publicKeyOrRefuse(textValue: string, label: string): string {
  const pem = normalizePublicKey(textValue);
  if (!pem)
    throw new AppError(
      'ValidationFailed',
      `${label}格式不正确：需要 2048 位及以上的 RSA 公钥或证书（PEM 或 Base64）`,
    );
  return pem;
}

function requireAll(
  secrets: Record<string, string | undefined>,
  labels: Record<string, string>,
  name: string,
): void {
  const missing = Object.entries(labels)
    .filter(([field]) => !secrets[field])
    .map(([, label]) => label);
  if (missing.length > 0)
    throw new AppError('ValidationFailed', `启用${name}前请填写：${missing.join('、')}`);
}
