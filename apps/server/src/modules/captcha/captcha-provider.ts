export type { CaptchaAnswer, CaptchaProvider } from '../../lib/providers.ts';
