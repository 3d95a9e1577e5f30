import type { FastifyBaseLogger } from 'fastify';
import type { SaveSmsSettingsBody, SmsSettings, SmsTemplates } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { SmsGatewayError, type MerchantGateway } from './gateways/sms-gateway.ts';
import { providerName } from './sms-messages.ts';
import { findSmsSettings, upsertSmsSettings, type SmsSettingsRow } from './sms-settings.repository.ts';

/** What a sealed secret is bound to: the merchant and the provider it is an account of. */
function secretContext(merchantId: number, provider: string): string {
  return `merchant-sms-secret:${merchantId}:${provider}`;
}

function templatesOf(row: SmsSettingsRow | undefined): SmsTemplates {
  return {
    Register: row?.template_register ?? '',
    Login: row?.template_login ?? '',
    ResetPassword: row?.template_reset_password ?? '',
    OrderShipped: row?.template_order_shipped ?? '',
  };
}

function toSettings(row: SmsSettingsRow | undefined): SmsSettings {
  const provider = (row?.provider ?? '') as SmsSettings['Provider'];
  return {
    Provider: provider,
    ProviderName: providerName(provider),
    AccessKeyId: row?.access_key_id ?? '',
    AccessKeySecretSet: Boolean(row?.secret_sealed),
    SdkAppId: row?.sdk_app_id ?? '',
    Region: row?.region ?? '',
    SignName: row?.sign_name ?? '',
    Templates: templatesOf(row),
    UpdatedAt: row?.updated_at ?? null,
    UpdatedBy: row?.updated_by ?? '',
  };
}

/**
 * A merchant's SMS gateway settings (docs/sms.md): provider, account, signature and templates,
 * one row per merchant. The secret (AccessKey Secret / SecretKey) is sealed with SMS_CONFIG_KEY
 * (AES-256-GCM), bound to the merchant and the provider, and never leaves the server again.
 */
export class SmsSettingsService {
  private readonly box: SecretBox | null;

  constructor(
    private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger; secretKey: Buffer | null },
  ) {
    this.box = deps.secretKey ? new SecretBox(deps.secretKey) : null;
  }

  /** SmsSettings: what is stored, the secret only as whether it is set. */
  async read(merchantId: number): Promise<SmsSettings> {
    return toSettings(await findSmsSettings(this.deps.db, merchantId));
  }

  /**
   * SaveSmsSettings: the settings whole. A secret left empty keeps the stored one, unless the
   * provider or the AccessKey ID changed (the stored secret belongs to the old account). Choosing
   * no provider (the outbox) forgets the secret.
   */
  async save(merchantId: number, body: SaveSmsSettingsBody, actor: string): Promise<SmsSettings> {
    const stored = await findSmsSettings(this.deps.db, merchantId);
    const provider = body.Provider;
    let sealed = '';
    if (provider !== '') {
      const secret = body.AccessKeySecret ?? '';
      const sameAccount =
        stored !== undefined &&
        stored.provider === provider &&
        stored.access_key_id === body.AccessKeyId &&
        stored.secret_sealed !== '';
      if (secret !== '') {
        if (!this.box) throw new AppError('SmsSecretsUnavailable');
        sealed = this.box.seal(secret, secretContext(merchantId, provider));
      } else if (sameAccount) {
        sealed = stored.secret_sealed;
      } else {
        const label = provider === 'aliyun' ? 'AccessKey Secret' : 'SecretKey';
        throw new AppError(
          'ValidationFailed',
          stored?.secret_sealed
            ? `更换服务商或 ${provider === 'aliyun' ? 'AccessKey ID' : 'SecretId'} 后，请同时填写新的 ${label}`
            : `请填写 ${label}`,
        );
      }
    }
    await upsertSmsSettings(this.deps.db, {
      merchant_id: merchantId,
      provider,
      access_key_id: body.AccessKeyId,
      secret_sealed: sealed,
      sdk_app_id: provider === 'tencent' ? body.SdkAppId : '',
      region: provider === 'tencent' ? body.Region || 'ap-guangzhou' : '',
      sign_name: body.SignName,
      template_register: body.Templates.Register,
      template_login: body.Templates.Login,
      template_reset_password: body.Templates.ResetPassword,
      template_order_shipped: body.Templates.OrderShipped,
      updated_by: actor.slice(0, 64),
      updated_at: this.deps.clock.now(),
    });
    return this.read(merchantId);
  }

  /**
   * The merchant's gateway, ready to send, or null when it has none (the outbox sends). Throws
   * SmsGatewayError `SecretUnreadable` when the secret does not open (SMS_CONFIG_KEY missing or
   * not the key it was sealed with).
   */
  async gatewayOf(merchantId: number): Promise<MerchantGateway | null> {
    const row = await findSmsSettings(this.deps.db, merchantId);
    if (!row || (row.provider !== 'aliyun' && row.provider !== 'tencent')) return null;
    const secret = this.box?.open(row.secret_sealed, secretContext(merchantId, row.provider)) ?? null;
    if (secret === null) {
      this.deps.log.error(
        { merchantId },
        'the SMS secret of a merchant does not open: SMS_CONFIG_KEY is missing or not the key it was saved with',
      );
      throw new SmsGatewayError('unreachable', 'SecretUnreadable', 'the stored SMS secret does not open');
    }
    const templates = templatesOf(row);
    return {
      provider: row.provider,
      account: {
        accessKeyId: row.access_key_id,
        accessKeySecret: secret,
        sdkAppId: row.sdk_app_id,
        region: row.region,
        signName: row.sign_name,
      },
      templates: {
        register: templates.Register,
        login: templates.Login,
        reset_password: templates.ResetPassword,
        order_shipped: templates.OrderShipped,
      },
    };
  }
}
