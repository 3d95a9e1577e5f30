import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts and notifications from outside React (the API client, route loaders).
 *
 * antd's message and notification are not part of the first page's code: the providers mount
 * their holders (a chunk of their own, themed and zh_CN) when the first toast is asked for, and
 * register them here; what was asked meanwhile shows as soon as they are there.
 */
interface FeedbackApis {
  message: MessageInstance;
  notification: NotificationInstance;
}

let apis: FeedbackApis | null = null;
const waiting: ((apis: FeedbackApis) => void)[] = [];
let isWanted = false;
const listeners = new Set<() => void>();

export function registerFeedback(message: MessageInstance, notification: NotificationInstance): void {
  apis = { message, notification };
  for (const show of waiting.splice(0)) show(apis);
}

/** True once something has asked for a toast: the providers then load and mount the holders. */
export function isFeedbackWanted(): boolean {
  return isWanted;
}

export function subscribeFeedbackWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(action: (apis: FeedbackApis) => void): void {
  if (apis) {
    action(apis);
    return;
  }
  waiting.push(action);
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

/** How long the same error or warning is not shown again (spec §2: repeated errors stay quiet). */
export const REPEAT_WINDOW_MS = 3_000;
const lastShown = new Map<string, number>();

/**
 * True when `text` was shown less than REPEAT_WINDOW_MS ago: a failure that repeats (a call
 * retried, several loaders failing at once, a navigation tried again) shows one message, not a
 * cascade. Records `now` as the last time otherwise.
 */
export function isRepeat(text: string, now: number = Date.now()): boolean {
  const last = lastShown.get(text);
  if (last !== undefined && now - last < REPEAT_WINDOW_MS) return true;
  if (lastShown.size > 100) lastShown.clear();
  lastShown.set(text, now);
  return false;
}

export const feedback = {
  error: (text: string) => {
    if (!isRepeat(text)) show((api) => void api.message.error(text));
  },
  success: (text: string) => show((api) => void api.message.success(text)),
  warning: (text: string) => {
    if (!isRepeat(text)) show((api) => void api.message.warning(text));
  },
  info: (text: string) => show((api) => void api.message.info(text)),
  /** A notification; the same `key` replaces an open one instead of stacking. */
  notifyError: (title: string, description: string, key?: string) =>
    show((api) => api.notification.error({ title, description, key })),
  /** A notification that stays until closed: something the customer should act on. */
  notifyWarning: (title: string, description: string) =>
    show((api) => api.notification.warning({ title, description, duration: 0 })),
};
