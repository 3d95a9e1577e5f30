/** The captcha module's public API: other modules and the composition root import only this. */
export { deleteExpiredCaptchas } from './captcha.repository.ts';
export { registerCaptchaRoutes } from './captcha.routes.ts';
export { GeetestCaptcha } from './geetest-captcha.ts';
export { SliderCaptcha } from './slider-captcha.ts';
