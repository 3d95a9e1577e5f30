import type { SmsPurpose } from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import { SmsGatewayError, type MerchantGateway, type SmsGateway } from './gateways/sms-gateway.ts';
import { orderShippedSms, type OutgoingSms } from './sms-messages.ts';
import { findMerchantName, insertSmsDelivery } from './sms-settings.repository.ts';

/** Finds a merchant's gateway (SmsSettingsService.gatewayOf). */
export interface GatewayDirectory {
  gatewayOf(merchantId: number): Promise<MerchantGateway | null>;
}

/** Where a message went: the merchant's gateway with its receipt, or the outbox (provider ''). */
export interface SmsSendResult {
  provider: '' | 'aliyun' | 'tencent';
  messageId: string;
}

/** The merchant has a gateway but no template for this message (an optional notice). */
export class SmsTemplateMissing extends Error {
  constructor(readonly purpose: SmsPurpose) {
    super(`no SMS template for ${purpose}`);
    this.name = 'SmsTemplateMissing';
  }
}

/**
 * What the customer reads when the gateway did not send (never the merchant's account trouble:
 * that goes to the log and the delivery record).
 */
export function customerMessage(error: SmsGatewayError): string {
  if (error.kind === 'timeout') return '短信发送超时，请稍后重试';
  const code = error.code;
  if (/MOBILE_NUMBER_ILLEGAL|IncorrectPhoneNumber|PhoneNumberInBlacklist/i.test(code)) {
    return '该手机号码暂时无法接收短信，请检查号码或稍后重试';
  }
  if (/BUSINESS_LIMIT_CONTROL|DAY_LIMIT_CONTROL|LimitExceeded\.PhoneNumber/i.test(code)) {
    return '该号码获取短信过于频繁，请稍后再试';
  }
  return '短信发送失败，请稍后重试';
}

/**
 * Sends a merchant's text messages: through the merchant's own gateway (Alibaba Cloud or Tencent
 * Cloud SMS) when its administrator configured one, otherwise through the server's provider (the
 * outbox). Every gateway send is recorded in `sms_deliveries`, sent or failed. Order notices run
 * in the background and never fail the step that caused them.
 */
export class SmsSender {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      context: ServerContext;
      settings: GatewayDirectory;
      gateways: Record<'aliyun' | 'tencent', SmsGateway>;
    },
  ) {}

  private get context(): ServerContext {
    return this.deps.context;
  }

  /**
   * Sends one message for the merchant. Throws SmsGatewayError when the merchant's gateway did
   * not send it (refused, no answer in time, unreachable, its secret unreadable) and
   * SmsTemplateMissing when it has no template for the message.
   */
  async send(merchantId: number, mobileNo: string, sms: OutgoingSms): Promise<SmsSendResult> {
    const gateway = await this.deps.settings.gatewayOf(merchantId);
    if (!gateway) {
      await this.context.sms.send({ merchantId, mobileNo, content: sms.content });
      return { provider: '', messageId: '' };
    }
    const template = gateway.templates[sms.purpose];
    if (!template) throw new SmsTemplateMissing(sms.purpose);
    const record = {
      merchant_id: merchantId,
      mobile_no: mobileNo,
      purpose: sms.purpose,
      provider: gateway.provider,
      template,
      reference: sms.reference,
    };
    try {
      const receipt = await this.deps.gateways[gateway.provider].send(gateway.account, {
        mobileNo,
        template,
        params: sms.params(gateway.provider),
      });
      await this.record({ ...record, status: 'sent', message_id: receipt.messageId });
      this.context.log.info(
        { sms: { merchantId, to: mobileNo, provider: gateway.provider, template, purpose: sms.purpose } },
        `SMS ${gateway.provider} → ${mobileNo}: ${sms.purpose} sent (${receipt.messageId})`,
      );
      return { provider: gateway.provider, messageId: receipt.messageId };
    } catch (error) {
      const failure =
        error instanceof SmsGatewayError
          ? error
          : new SmsGatewayError(
              'unreachable',
              'Error',
              error instanceof Error ? error.message : String(error),
            );
      await this.record({
        ...record,
        status: 'failed',
        message_id: '',
        error_code: failure.code,
        error_message: failure.message,
      });
      this.context.log.warn(
        {
          sms: { merchantId, to: mobileNo, provider: gateway.provider, template, purpose: sms.purpose },
          gatewayError: { kind: failure.kind, code: failure.code, message: failure.message },
        },
        `SMS ${gateway.provider} → ${mobileNo}: ${sms.purpose} failed: ${failure.code}`,
      );
      throw failure;
    }
  }

  /** Records a gateway send; a failure to record is logged and does not change the outcome. */
  private async record(row: {
    merchant_id: number;
    mobile_no: string;
    purpose: string;
    provider: string;
    template: string;
    reference: string;
    status: 'sent' | 'failed';
    message_id: string;
    error_code?: string;
    error_message?: string;
  }): Promise<void> {
    try {
      await insertSmsDelivery(this.context.db, {
        ...row,
        message_id: row.message_id.slice(0, 128),
        error_code: (row.error_code ?? '').slice(0, 128),
        error_message: (row.error_message ?? '').slice(0, 300),
        created_at: this.context.clock.now(),
      });
    } catch (error) {
      this.context.log.error({ err: error }, 'could not record an SMS delivery');
    }
  }

  /** The merchant's name, which the outbox's text is signed with. */
  async merchantName(merchantId: number): Promise<string> {
    return (await findMerchantName(this.context.db, merchantId)) ?? '';
  }

  /**
   * 已发货: tells the customer the express company and tracking number, in the background, when
   * `wanted` (the customer's notification choice, asked by the caller) says so. Never throws;
   * a failure is logged and recorded.
   */
  notifyOrderShipped(order: {
    merchantId: number;
    mobileNo: string;
    orderNo: string;
    expressCompany: string;
    trackingNo: string;
    wanted: () => Promise<boolean>;
  }): void {
    this.inBackground(`order ${order.orderNo} shipped`, async () => {
      if (!order.mobileNo || !(await order.wanted())) return;
      const sms = orderShippedSms(await this.merchantName(order.merchantId), order);
      await this.send(order.merchantId, order.mobileNo, sms);
    });
  }

  private inBackground(label: string, task: () => Promise<void>): void {
    const running = (async () => {
      try {
        await task();
      } catch (error) {
        if (error instanceof SmsTemplateMissing) {
          this.context.log.info(`SMS notice not sent (${label}): the merchant has no template for it`);
        } else if (!(error instanceof SmsGatewayError)) {
          // Gateway failures were logged by send(); anything else is logged here.
          this.context.log.error({ err: error }, `SMS notice failed (${label})`);
        }
      }
    })();
    this.pending.add(running);
    void running.finally(() => this.pending.delete(running));
  }

  /** Resolves once every background message started so far is done (server close, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
