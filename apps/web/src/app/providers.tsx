import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadChunk } from '../lib/chunk-load.ts';
import { queryClient } from '../lib/query-client.ts';
import { isFeedbackWanted, subscribeFeedbackWanted } from '../lib/feedback.ts';
import { useAppState } from '../lib/company.ts';
import { appliedDisplay, useDisplayPreferences } from '../lib/display-preferences.ts';
import { brandColor, buildTheme } from './theme.ts';

const FeedbackHolders = lazy(() =>
  loadChunk(() => import('./feedback-holders.tsx')).then((module) => ({ default: module.FeedbackHolders })),
);

/** antd's toasts, loaded and mounted once the first one is asked for (lib/feedback.ts). */
function FeedbackBridge() {
  const isWanted = useSyncExternalStore(subscribeFeedbackWanted, isFeedbackWanted);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHolders />
    </Suspense>
  );
}

/**
 * Chinese locale, the theme colour (spec §1: the merchant's, or the customer's own choice of 个人设置
 * kept in this browser), toasts and the query cache.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { companyInfo } = useAppState();
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
