import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryProvider, queryClient } from './api/query-client';
import { boot } from './app/boot';
import { prefetchFirstData } from './app/first-data';
import { createBeforeEach } from './app/navigation-guard';
import { AppRouter } from './app/router';
import { type AppRoute, ROUTES, withoutCorp } from './app/routes';
import { Splash } from './app/splash';
import { rememberCorpId } from './app/startup';
import { loadLocale } from './shared/i18n/load-locale';
import { currentLocale } from './shared/i18n/messages';
import { readStartupParams } from './shared/lib/query-params';
import { keepRootFontSize } from './shared/lib/rem';
import { currentCorpId } from './shared/navigation/paths';
import { useGlobalStore } from './shared/store/global-store';
import { preloadFeedbackOnFirstInput } from './shared/ui/feedback';
import './styles/base.css';

keepRootFontSize();
const params = readStartupParams(location.search);
rememberCorpId(params.corpId);
useGlobalStore.getState().setIsApp(params.isApp);

prefetchFirstData(queryClient, params.actId);
const ready = boot(params);
const beforeEach = createBeforeEach(ready, location.search);

const substitute = (url: URL, route: AppRoute) => withoutCorp(url, route, (search) => currentCorpId(search));

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
const renderApp = () =>
  createRoot(container).render(
    <StrictMode>
      <QueryProvider>
        <AppRouter routes={ROUTES} beforeEach={beforeEach} fallback={<Splash />} substitute={substitute} />
      </QueryProvider>
    </StrictMode>,
  );
// zh-CN is built in; another language is fetched first so the first screen is not half translated.
if (currentLocale() === 'zh-CN') renderApp();
else loadLocale(currentLocale()).then(renderApp, renderApp);

// The toast/loading chunk is fetched at the first touch or key press: a first view that shows no
// toast never downloads it, and a tap that may end in a toast starts fetching it before the answer.
preloadFeedbackOnFirstInput(window);
