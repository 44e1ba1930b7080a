import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { type createBrowserRouter, isRouteErrorResponse, Link, type RouteObject, useRouteError } from 'react-router';
import { t } from '../shared/i18n';
import { StatePanel } from '../shared/panel';

/**
 * A module that did not load (a busy server, a dropped connection, a build replaced meanwhile), in the words of
 * Chromium, Firefox and Safari, and of Vite's preload helper.
 */
const CHUNK_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;
const isChunkFailure = (error: unknown) => error instanceof Error && CHUNK_FAILED.test(error.message);

/** Where the full loads tried for one URL are counted, so each waits longer than the last. */
const RETRY_KEY = 'console.chunkRetry';
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;

/**
 * The wait before loading `href` again: 2 s, doubling across full loads (counted in sessionStorage) up to
 * 30 s, so a busy server is not hammered and a lasting failure never becomes a tight reload loop.
 */
function retryDelay(href: string): number {
  try {
    const last = JSON.parse(sessionStorage.getItem(RETRY_KEY) ?? 'null') as { href?: unknown; n?: unknown } | null;
    const n = last?.href === href && typeof last.n === 'number' ? last.n + 1 : 0;
    sessionStorage.setItem(RETRY_KEY, JSON.stringify({ href, n }));
    return Math.min(FIRST_RETRY_MS * 2 ** n, MAX_RETRY_MS);
  } catch {
    return MAX_RETRY_MS;
  }
}

/** A fresh document: React Router keeps a failed `lazy` rejected, and a new build has new file names. */
const reload = () => window.location.reload();

function ChunkFailed() {
  const [left, setLeft] = useState(() => Math.ceil(retryDelay(window.location.href) / 1000));
  useEffect(() => {
    if (left <= 0) {
      reload();
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <StatePanel
      tone="warning"
      title={t('routeError.chunkTitle')}
      body={left > 0 ? t('routeError.chunkBody', { seconds: left }) : t('routeError.retrying')}
      action={
        <Button type="primary" onClick={reload}>
          {t('routeError.retryNow')}
        </Button>
      }
    />
  );
}

/**
 * Every route's error boundary (instead of React Router's English developer page): a screen whose code did
 * not load says so and loads the page again by itself; an unknown path is the designed 404; anything else
 * is a designed error with a reload, never retried by itself (a defect would loop).
 */
export function RouteError() {
  const error = useRouteError();
  if (isChunkFailure(error)) return <ChunkFailed />;
  // As not-found.tsx shows it (not imported: that screen keeps its own lazy chunk, bench:budgets).
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <StatePanel tone="info" title={t('common.notFound')} action={<Link to="/">{t('common.backHome')}</Link>} />;
  }
  console.error('[console] route failed', error);
  return (
    <StatePanel
      tone="error"
      title={t('routeError.title')}
      body={t('routeError.body')}
      action={<Button onClick={reload}>{t('routeError.reload')}</Button>}
    />
  );
}

/**
 * The route table with an error boundary on every route (a section's failure stays inside the frame, its
 * menu usable). A route whose lazy import fails becomes the designed page that loads it again: React Router
 * 7 renders nothing at all for a `lazy` that rejected, not even the route's error boundary.
 */
export function withRouteErrors(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy } = route;
    const guarded = {
      ...route,
      errorElement: <RouteError />,
      ...(typeof lazy === 'function'
        ? {
            lazy: () =>
              lazy().catch((cause: unknown) => {
                console.error('[console] a screen did not load', cause);
                return { Component: ChunkFailed };
              }),
          }
        : {}),
      ...(route.children ? { children: withRouteErrors(route.children) } : {}),
    };
    return guarded as RouteObject;
  });
}

/** Once a page shows without an error, the reloads counted for a failed one are forgotten. */
export function forgetRetriesOnceLoaded(router: ReturnType<typeof createBrowserRouter>) {
  router.subscribe((state) => {
    if (!state.initialized || state.navigation.state !== 'idle' || state.errors) return;
    try {
      sessionStorage.removeItem(RETRY_KEY);
    } catch {
      // No storage: nothing was counted.
    }
  });
}
