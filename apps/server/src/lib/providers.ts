/**
 * The interfaces of the outside services the server talks to, so that the context and the
 * plugins depend on no module: each module provides an implementation (captcha, sms) and the
 * composition root picks one by configuration.
 */
import type { Captcha, CaptchaResult, VerifyCaptchaBody } from '@inkstone/contracts';

/** The captcha answer as it travels with SendSms (spec §3: geetest_challenge/validate/seccode). */
export interface CaptchaAnswer {
  challenge: string;
  validate: string;
  seccode: string;
}

/**
 * A human-check service. The built-in slider draws and checks its own puzzle; the geetest v3
 * adapter speaks to geetest's published API. Both hand SendSms the same three fields.
 */
export interface CaptchaProvider {
  readonly name: 'slider' | 'geetest';
  /** Starts a check for this merchant (GET /api/common/GetCaptcha). */
  create(merchantId: number, clientIp: string): Promise<Captcha>;
  /** Checks a slider answer (POST /api/common/VerifyCaptcha); geetest checks in its own widget. */
  verifySlide(merchantId: number, body: VerifyCaptchaBody): Promise<CaptchaResult>;
  /** Accepts an answer once: a second use of the same answer is refused (throws AppError). */
  consume(merchantId: number, answer: CaptchaAnswer): Promise<void>;
}

export interface SmsMessage {
  merchantId: number;
  mobileNo: string;
  content: string;
}

/** Sends text messages. The default writes to the outbox; a gateway adapter implements the same. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
