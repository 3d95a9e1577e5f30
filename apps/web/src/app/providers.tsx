import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider, message, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { registerFeedback } from '../lib/feedback.ts';
import { useAppState } from '../lib/company.ts';
import { appliedDisplay, useDisplayPreferences } from '../lib/display-preferences.ts';
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

/**
 * Chinese locale, the theme colour (spec §1: the merchant's, or the customer's own choice of 个人设置
 * kept in this browser), toasts and the query cache.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { companyInfo } = useAppState();
  const [queryClient] = useState(createQueryClient);
  const { themePreference: preference, isCompact } = appliedDisplay(
    useDisplayPreferences(),
    companyInfo?.ThemePreference,
  );

  useEffect(() => {
    document.documentElement.style.setProperty('--ink-brand', brandColor(preference));
    document.documentElement.classList.toggle('ink-compact', isCompact);
  }, [preference, isCompact]);

  return (
    <ConfigProvider locale={zhCN} theme={buildTheme(preference, isCompact)}>
      <FeedbackBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
