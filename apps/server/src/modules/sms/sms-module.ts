import {
  type SendTestSmsBody,
  type SendTestSmsResult,
  type SaveSmsSettingsBody,
  type SmsSettings,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseSecretKey } from '../../lib/secret-box.ts';
import { AliyunSmsGateway } from './gateways/aliyun-sms-gateway.ts';
import { SmsGatewayError } from './gateways/sms-gateway.ts';
import { TencentSmsGateway } from './gateways/tencent-sms-gateway.ts';
import { orderShippedSms, providerName, verificationSms, type OutgoingSms } from './sms-messages.ts';
import { SmsSender, SmsTemplateMissing } from './sms-sender.ts';
import { SmsSettingsService } from './sms-settings.service.ts';

/** The sms module's services, built once by the composition root. */
export interface SmsModule {
  /** Sends a merchant's messages: its gateway, or the outbox. */
  sender: SmsSender;
  /** The back office's SMS settings: read, save, send a test message. */
  settings: SmsSettingsAdmin;
  /** Waits for the order notices still being sent (server close). */
  stop(): Promise<void>;
}

/** What the back office does with a merchant's SMS settings (staff module's routes). */
export interface SmsSettingsAdmin {
  read(merchantId: number): Promise<SmsSettings>;
  save(merchantId: number, body: SaveSmsSettingsBody, actor: string): Promise<SmsSettings>;
  sendTest(merchantId: number, body: SendTestSmsBody): Promise<SendTestSmsResult>;
}

/** What a staff member reads when a test message was not sent: the provider's own words. */
function staffMessage(provider: string, error: SmsGatewayError, timeoutMs: number): string {
  const name = providerName(provider);
  if (error.kind === 'timeout') return `短信发送失败：${name}在 ${timeoutMs / 1000} 秒内没有应答`;
  if (error.kind === 'unreachable') return `短信发送失败：无法连接${name}（${error.message}）`;
  return `短信发送失败：${name}返回 ${error.code}${error.message ? `（${error.message}）` : ''}`;
}

export function createSmsModule(context: ServerContext): SmsModule {
  const { config } = context;
  const settings = new SmsSettingsService({
    db: context.db,
    clock: context.clock,
    log: context.log,
    secretKey: config.SMS_CONFIG_KEY ? parseSecretKey(config.SMS_CONFIG_KEY) : null,
  });
  const timeoutMs = config.SMS_GATEWAY_TIMEOUT_MS;
  const sender = new SmsSender({
    context,
    settings,
    gateways: {
      aliyun: new AliyunSmsGateway({ url: config.SMS_ALIYUN_ENDPOINT, timeoutMs }),
      tencent: new TencentSmsGateway({ url: config.SMS_TENCENT_ENDPOINT, timeoutMs }),
    },
  });

  async function sendTest(merchantId: number, body: SendTestSmsBody): Promise<SendTestSmsResult> {
    const name = await sender.merchantName(merchantId);
    const sample: OutgoingSms =
      body.Purpose === 'order_shipped'
        ? orderShippedSms(name, {
            orderNo: 'TEST0001',
            expressCompany: '顺丰速运',
            trackingNo: 'SF1234567890',
          })
        : verificationSms(name, body.Purpose, '123456');
    const stored = await settings.read(merchantId);
    try {
      const sent = await sender.send(merchantId, body.MobileNo, { ...sample, reference: 'test' });
      return {
        Provider: sent.provider,
        ProviderName: providerName(sent.provider),
        MessageId: sent.messageId,
      };
    } catch (error) {
      if (error instanceof SmsTemplateMissing) {
        throw new AppError('ValidationFailed', '还没有填写订单发货通知模板，请先保存模板再试发');
      }
      if (error instanceof SmsGatewayError) {
        if (error.code === 'SecretUnreadable') throw new AppError('SmsSecretsUnavailable');
        throw new AppError('SmsSendFailed', staffMessage(stored.Provider, error, timeoutMs));
      }
      throw error;
    }
  }

  return {
    sender,
    settings: {
      read: (merchantId) => settings.read(merchantId),
      save: (merchantId, body, actor) => settings.save(merchantId, body, actor),
      sendTest,
    },
    stop: () => sender.idle(),
  };
}
