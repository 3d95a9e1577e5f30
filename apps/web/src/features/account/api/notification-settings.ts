import { useRef } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { customersCalls } from '@inkstone/contracts';
import type {
  NotificationSetting,
  NotificationSettings,
  SaveNotificationSettingsBody,
} from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { feedback } from '../../../lib/feedback.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { withChoice, type NotificationChannelField } from '../utils/notification-choice.ts';

/** POST /api/cust/QueryNotificationSettings: every kind of message with the customer's choices. */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return api.call(customersCalls.QueryNotificationSettings, {});
}

/** POST /api/cust/SaveNotificationSettings {Items}: the kinds given are saved; every kind's choices come back. */
export function saveNotificationSettings(body: SaveNotificationSettingsBody): Promise<NotificationSettings> {
  return api.call(customersCalls.SaveNotificationSettings, body);
}

export function notificationSettingsQuery() {
  return queryOptions({ queryKey: queryKeys.account.notificationSettings, queryFn: getNotificationSettings });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery());
}

/**
 * Turns one switch: the choice shows at once and the whole list as shown is saved. The list is
 * read from the cache at the moment of the click, so quick clicks build on each other. One save
 * is in flight at a time and clicks made meanwhile go in the next, so the server ends with the
 * last choices shown whatever order replies would arrive in; a failed save shows the server's
 * state again.
 */
export function useNotificationChoice() {
  const client = useQueryClient();
  const key = queryKeys.account.notificationSettings;
  const queue = useRef<{ wanted: NotificationSettings | null; isSaving: boolean }>({
    wanted: null,
    isSaving: false,
  });

  async function saveWanted(): Promise<void> {
    const state = queue.current;
    state.isSaving = true;
    try {
      while (state.wanted) {
        const settings = state.wanted;
        state.wanted = null;
        const saved = await saveNotificationSettings({
          Items: settings.Items.map(({ Kind, Sms, Site }) => ({ Kind, Sms, Site })),
        });
        if (!state.wanted) {
          client.setQueryData(key, saved);
          feedback.success('通知设置已保存');
        }
      }
    } catch {
      // Shown by the API client; the switches go back to what the server holds.
      state.wanted = null;
      await client.invalidateQueries({ queryKey: key });
    } finally {
      state.isSaving = false;
    }
  }

  return (kind: NotificationSetting['Kind'], channel: NotificationChannelField, value: boolean) => {
    const shown = client.getQueryData<NotificationSettings>(key);
    if (!shown) return;
    const settings = withChoice(shown, kind, channel, value);
    // A read in flight would put the old choices back on screen.
    void client.cancelQueries({ queryKey: key });
    client.setQueryData(key, settings);
    queue.current.wanted = settings;
    if (!queue.current.isSaving) void saveWanted();
  };
}
