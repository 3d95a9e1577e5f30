/** The captcha module's public API: other modules and the composition root import only this. */
export { purgeExpiredCaptchas } from './captcha-cleanup.ts';
export { registerCaptchaRoutes } from './captcha.routes.ts';
export { GeetestCaptcha } from './geetest-captcha.ts';
export { SliderCaptcha } from './slider-captcha.ts';
