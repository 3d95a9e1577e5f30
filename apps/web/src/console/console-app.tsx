import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { prefersReducedMotion } from '../lib/reduced-motion.ts';
import { consoleRouter } from './console-router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

/** The merchant console (docs/console.md): Chinese, antd, its own query cache and router. */
export function ConsoleApp() {
  return (
    <ConfigProvider
      locale={zhCN}
      // Buttons say what they do as written (审稿通过, 发货), without a space between two characters.
      button={{ autoInsertSpace: false }}
      theme={{
        token: {
          motion: !prefersReducedMotion,
          colorPrimary: '#1f4e79',
          borderRadius: 6,
          fontFamily:
            "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
        },
      }}
    >
      <App>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={consoleRouter} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
