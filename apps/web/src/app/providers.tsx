import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider, message, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { registerFeedback } from '../lib/feedback.ts';
import { useAppState } from '../lib/company.ts';
import { brandColor, buildTheme } from './theme.ts';

/**
 * Hands antd's themed message and notification instances to code outside React (the API client,
 * forms). Hooks rather than antd's App component, which would also pull Modal into the entry.
 */
function FeedbackBridge() {
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

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries what spec §8 says to retry.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}

/** Chinese locale, the merchant's theme colour (spec §1), toasts and the query cache. */
export function Providers({ children }: { children: ReactNode }) {
  const { companyInfo } = useAppState();
  const [queryClient] = useState(createQueryClient);
  const preference = companyInfo?.ThemePreference;

  useEffect(() => {
    document.documentElement.style.setProperty('--ink-brand', brandColor(preference));
  }, [preference]);

  return (
    <ConfigProvider locale={zhCN} theme={buildTheme(preference)}>
      <FeedbackBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
