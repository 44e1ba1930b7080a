import { DEMO_PAGE_META, routes } from '@campaign/contract/client';
import { call } from '../api/request';
import { bridge, bridgeReady, resetBridge } from '../bridge/bridge';
import { monitorEnabled, startMonitor } from '../bridge/monitor';
import { readCookie, writeCookie } from '../shared/lib/cookies';
import type { StartupParams } from '../shared/lib/query-params';
import { whenIdle } from '../shared/lib/when-idle';
import { storeAppVersion } from '../shared/store/global-store';
import { type GrayOutcome, grayRelease, recordPageView } from './startup';

/**
 * The simulated native host exists only in development and on a server running in demo mode, which marks
 * the page it serves (DEMO_PAGE_META): one production bundle for every deployment, and a production
 * server never turns it on.
 */
export function mockBridgeAllowed(doc: Pick<Document, 'querySelector'> = document): boolean {
  return import.meta.env.DEV || doc.querySelector(`meta[name="${DEMO_PAGE_META}"]`)?.getAttribute('content') === '1';
}

const log = (message: string, error?: unknown) => console.warn(message, error ?? '');

async function prepareBridge(flag: string | null): Promise<void> {
  if (flag && mockBridgeAllowed()) {
    // Its own chunk: production pages never download the simulated host.
    const { installMockHost } = await import('../bridge/mock-host');
    installMockHost(flag);
    resetBridge();
  }
  const native = bridge();
  if (monitorEnabled(location.hostname)) startMonitor(window, native);
  if (native.host.embedded) {
    native
      .config({ channel: native.host.channel })
      .then((answer) => {
        const version = typeof answer === 'object' && answer !== null ? Reflect.get(answer, 'appVersion') : undefined;
        if (typeof version === 'string' || typeof version === 'number') storeAppVersion(version);
      })
      .catch((error: unknown) => log('[bridge] config failed', error));
  }
}

/**
 * The start-up flow (spec §4). Resolves when the app may continue; never resolves when the gray
 * release is reloading the page (nothing should render or call the API in the old gray lane).
 */
export async function boot(params: StartupParams): Promise<GrayOutcome> {
  await prepareBridge(params.mockBridge).catch((error: unknown) => log('[bridge] setup failed', error));
  bridgeReady();
  const outcome = await grayRelease(params, {
    cookie: (name) => readCookie(name),
    setCookie: (name, value) => writeCookie(name, value),
    grayCheck: (scene) => call(routes.grayCheck, { query: { scene }, quiet: true }),
    storage: sessionStorage,
    reload: () => location.reload(),
    log,
  });
  if (outcome === 'reloading') return new Promise<never>(() => {});
  // The record is not part of what the customer sees: sent once the first view has painted.
  const pathname = location.pathname;
  whenIdle(
    () =>
      void recordPageView(
        params.actId,
        pathname,
        (actId) => call(routes.webpageVisit, { body: { actId, visitType: 'PV' }, quiet: true }),
        log,
      ),
  );
  return outcome;
}
