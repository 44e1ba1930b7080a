import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale as AntLocale } from 'antd/es/locale';
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
const render = (antLocale: AntLocale) =>
  createRoot(root).render(
    <StrictMode>
      <ConfigProvider locale={antLocale} theme={theme} button={{ autoInsertSpace: false }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </StrictMode>,
  );
// Chinese is built in; English is fetched first when asked for, so no screen shows half of each.
if (locale === 'zh-CN') render(zhCN);
else
  void import('antd/locale/en_US').then(
    (m) => render(m.default),
    () => render(zhCN),
  );
