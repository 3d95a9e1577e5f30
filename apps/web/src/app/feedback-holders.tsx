import { useEffect } from 'react';
import { message, notification } from 'antd';
import { registerFeedback } from '../lib/feedback.ts';

/**
 * Hands antd's themed message and notification instances to code outside React (the API client,
 * forms). Hooks rather than antd's App component, which would also pull Modal in. A chunk of its
 * own, mounted by the providers when the first toast is asked for (lib/feedback.ts).
 */
export function FeedbackHolders() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(() => registerFeedback(messageApi, notificationApi), [messageApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
