import { randomBytes, randomInt } from 'node:crypto';
import type { Captcha, CaptchaResult, VerifyCaptchaBody } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken, hmac, safeEqual } from '../../lib/crypto.ts';
import type { CaptchaAnswer, CaptchaProvider } from './captcha-provider.ts';
import {
  findCaptcha,
  insertCaptcha,
  markCaptchaSolved,
  markCaptchaUsed,
  recordCaptchaFailure,
} from './captcha.repository.ts';
import { drawSlider, PIECE_SIZE, SLIDER_HEIGHT, SLIDER_WIDTH } from './slider-drawing.ts';

/** A puzzle must be solved within this time, and its answer used within the same window. */
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** How far (px) the dropped piece may sit from the gap. */
export const SLIDE_TOLERANCE_PX = 5;
/** Wrong slides before the puzzle is spent and a new one is needed. */
export const MAX_SLIDE_FAILURES = 3;
/** A human drag takes at least this long. */
export const MIN_SLIDE_DURATION_MS = 150;

/** Marks this server's seccode, in geetest's `validate|jordan` form. */
const SECCODE_SUFFIX = '|jordan';

/**
 * The built-in slider captcha: the server draws a scene with a jigsaw gap, keeps the gap's x, and
 * accepts a drag that ends within SLIDE_TOLERANCE_PX of it. The answer is an HMAC the server can
 * check later without trusting the client, and is single-use.
 */
export class SliderCaptcha implements CaptchaProvider {
  readonly name = 'slider' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  async create(merchantId: number): Promise<Captcha> {
    const challenge = randomBytes(16).toString('hex');
    const x = randomInt(PIECE_SIZE + 20, SLIDER_WIDTH - PIECE_SIZE - 4);
    const y = randomInt(4, SLIDER_HEIGHT - PIECE_SIZE - 4);
    const images = await drawSlider(x, y);
    const now = this.clock.now();
    await insertCaptcha(this.db, {
      challenge,
      merchant_id: merchantId,
      provider: this.name,
      answer_x: x,
      expires_at: now + CAPTCHA_TTL_MS,
      created_at: now,
    });
    return {
      gt: 'inkstone-slider',
      challenge,
      success: 1,
      sessionId: challenge,
      provider: 'slider',
      slider: {
        width: SLIDER_WIDTH,
        height: SLIDER_HEIGHT,
        pieceSize: PIECE_SIZE,
        pieceY: y,
        background: `data:image/png;base64,${images.background.toString('base64')}`,
        piece: `data:image/png;base64,${images.piece.toString('base64')}`,
      },
    };
  }

  async verifySlide(merchantId: number, body: VerifyCaptchaBody): Promise<CaptchaResult> {
    const row = await findCaptcha(this.db, merchantId, body.challenge);
    const now = this.clock.now();
    if (!row || row.provider !== this.name || row.expires_at <= now) {
      throw new AppError('CaptchaInvalid', '验证已过期，请刷新后重试');
    }
    if (row.solved_at !== null) throw new AppError('CaptchaUsed');
    if (row.failed_count >= MAX_SLIDE_FAILURES)
      throw new AppError('CaptchaInvalid', '尝试次数过多，请刷新后重试');
    const isHumanPace = body.durationMs >= MIN_SLIDE_DURATION_MS;
    if (!isHumanPace || Math.abs(body.x - row.answer_x) > SLIDE_TOLERANCE_PX) {
      await recordCaptchaFailure(this.db, row.challenge);
      throw new AppError('CaptchaInvalid');
    }
    const validate = hmac(this.secret, `${merchantId}:${row.challenge}`);
    if (!(await markCaptchaSolved(this.db, row.challenge, hashToken(validate), now))) {
      throw new AppError('CaptchaUsed');
    }
    return {
      geetest_challenge: row.challenge,
      geetest_validate: validate,
      geetest_seccode: validate + SECCODE_SUFFIX,
    };
  }

  async consume(merchantId: number, answer: CaptchaAnswer): Promise<void> {
    if (!answer.challenge || !answer.validate || !answer.seccode) throw new AppError('CaptchaRequired');
    const row = await findCaptcha(this.db, merchantId, answer.challenge);
    if (!row || row.provider !== this.name || row.validate_hash === null)
      throw new AppError('CaptchaInvalid');
    const isGenuine =
      safeEqual(hashToken(answer.validate), row.validate_hash) &&
      answer.seccode === answer.validate + SECCODE_SUFFIX;
    if (!isGenuine) throw new AppError('CaptchaInvalid');
    if (row.used_at !== null) throw new AppError('CaptchaUsed');
    if (row.expires_at <= this.clock.now()) throw new AppError('CaptchaInvalid', '验证已过期，请重新验证');
    if (!(await markCaptchaUsed(this.db, row.challenge, this.clock.now()))) throw new AppError('CaptchaUsed');
  }
}
