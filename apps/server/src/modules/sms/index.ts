/** The sms module's public API: other modules and the composition root import only this. */
export { listOutbox, OutboxSmsProvider, type SmsProvider } from './sms-provider.ts';
export { createSmsModule, type SmsModule, type SmsSettingsAdmin } from './sms-module.ts';
export type { SmsSender } from './sms-sender.ts';
export { registerSmsRoutes } from './sms.routes.ts';
export { verifyCode } from './sms.service.ts';
