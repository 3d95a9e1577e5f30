import { createHash } from 'node:crypto';
import type { Captcha, CaptchaResult } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CaptchaAnswer, CaptchaProvider } from './captcha-provider.ts';
import { findCaptcha, insertCaptcha, markCaptchaUsed } from './captcha.repository.ts';
import { CAPTCHA_TTL_MS } from './slider-captcha.ts';

const md5 = (value: string) => createHash('md5').update(value).digest('hex');

export interface GeetestOptions {
  captchaId: string;
  privateKey: string;
  /** Base URL of geetest's API (https://api.geetest.com). */
  apiUrl: string;
  timeoutMs?: number;
}

/**
 * geetest v3 ("gt3") adapter, written to geetest's published server API: register.php issues a
 * challenge, the browser widget solves it, validate.php confirms the seccode. When geetest cannot
 * be reached (its "failback" mode) sending an SMS is refused rather than trusted blindly.
 */
export class GeetestCaptcha implements CaptchaProvider {
  readonly name = 'geetest' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: GeetestOptions,
  ) {}

  async create(merchantId: number, clientIp: string): Promise<Captcha> {
    const url = new URL('/register.php', this.options.apiUrl);
    url.search = new URLSearchParams({
      gt: this.options.captchaId,
      json_format: '1',
      digestmod: 'md5',
      client_type: 'web',
      ip_address: clientIp,
    }).toString();
    let raw: string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000) });
      const body = (await response.json()) as { challenge?: string };
      raw = body.challenge ?? '';
    } catch {
      raw = '';
    }
    const isOnline = raw.length === 32;
    const challenge = isOnline ? md5(raw + this.options.privateKey) : md5(String(Math.random()));
    const now = this.clock.now();
    await insertCaptcha(this.db, {
      challenge,
      merchant_id: merchantId,
      provider: this.name,
      answer_x: isOnline ? 1 : 0,
      expires_at: now + CAPTCHA_TTL_MS,
      created_at: now,
    });
    return {
      gt: this.options.captchaId,
      challenge,
      success: isOnline ? 1 : 0,
      sessionId: challenge,
      provider: 'geetest',
      slider: null,
    };
  }

  async verifySlide(): Promise<CaptchaResult> {
    throw new AppError('CaptchaInvalid', '极验验证在浏览器组件中完成');
  }

  async consume(merchantId: number, answer: CaptchaAnswer): Promise<void> {
    if (!answer.challenge || !answer.validate || !answer.seccode) throw new AppError('CaptchaRequired');
    const row = await findCaptcha(this.db, merchantId, answer.challenge);
    if (!row || row.provider !== this.name || row.expires_at <= this.clock.now()) {
      throw new AppError('CaptchaInvalid');
    }
    if (row.answer_x !== 1) throw new AppError('CaptchaInvalid', '验证服务暂不可用，请稍后再试');
    if (row.used_at !== null) throw new AppError('CaptchaUsed');
    if (answer.validate !== md5(this.options.privateKey + 'geetest' + answer.challenge)) {
      throw new AppError('CaptchaInvalid');
    }
    const confirmed = await this.confirmWithGeetest(answer);
    if (!confirmed) throw new AppError('CaptchaInvalid');
    if (!(await markCaptchaUsed(this.db, row.challenge, this.clock.now()))) throw new AppError('CaptchaUsed');
  }

  private async confirmWithGeetest(answer: CaptchaAnswer): Promise<boolean> {
    try {
      const response = await fetch(new URL('/validate.php', this.options.apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          seccode: answer.seccode,
          challenge: answer.challenge,
          captchaid: this.options.captchaId,
          json_format: '1',
          sdk: 'inkstone-node',
        }).toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
      });
      const body = (await response.json()) as { seccode?: string };
      return body.seccode === md5(answer.seccode);
    } catch {
      return false;
    }
  }
}
