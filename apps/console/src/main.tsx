import { BUSY_CODE } from '@campaign/contract/client';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
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

dayjs.locale('zh-cn');
document.documentElement.lang = locale;

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // An error the user should act on (401, 403, a refusal) is not retried; a network blip or a busy server
      // (BUSY, ADR 0054) is, once.
      retry: (count, err) =>
        count < 1 && !(err instanceof ApiError && err.status > 0 && err.status < 500 && err.code !== BUSY_CODE),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
  queryCache: new QueryCache(),
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
// The console speaks Chinese only (docs/decisions/0375): antd's own texts too.
createRoot(root).render(
  <StrictMode>
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
