import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts and notifications from outside React (the API client, route loaders).
 * The providers register antd's context-aware instances (themed, zh_CN); until then the static
 * ones are used.
 */
let messageApi: MessageInstance = staticMessage;
let notificationApi: NotificationInstance = staticNotification;

export function registerFeedback(message: MessageInstance, notification: NotificationInstance): void {
  messageApi = message;
  notificationApi = notification;
}

export const feedback = {
  error: (text: string) => void messageApi.error(text),
  success: (text: string) => void messageApi.success(text),
  warning: (text: string) => void messageApi.warning(text),
  info: (text: string) => void messageApi.info(text),
  /** A notification; the same `key` replaces an open one instead of stacking. */
  notifyError: (title: string, description: string, key?: string) =>
    notificationApi.error({ title, description, key }),
};
