import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api/request';
import { router } from './app/router';
import { locale } from './shared/i18n';
import { theme } from './shared/theme';
import './shared/base.css';

if (locale === 'zh-CN') dayjs.locale('zh-cn');
document.documentElement.lang = locale;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // An error the user should act on (401, 403, a refusal) is not retried; a network blip is, once.
      retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
  queryCache: new QueryCache(),
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
