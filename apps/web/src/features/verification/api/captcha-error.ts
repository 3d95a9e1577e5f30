import { ApiError } from '../../../lib/api-client.ts';

/** Spec §8: captcha errors show their message; a network error is labelled 网络错误. */
export function captchaErrorText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'business') return error.message;
  return '网络错误';
}
