import {
  Activity,
  type ComponentType,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isMessageKey, t } from '../shared/i18n/messages';
import { inAppDepth } from '../shared/navigation/back';
import {
  type AppLocation,
  matchPath,
  type NavigateFn,
  NavigatorContext,
  ScreenContext,
} from '../shared/navigation/navigation';
import { NOT_FOUND_PATH } from '../shared/navigation/paths';
import { IconSprite } from '../shared/ui/icon-sprite';
import { ChunkFailed, chunkRetryDelay, forgetChunkRetries } from './chunk-failed';
import { lastNamedRoute, rememberNamedRoute, unknownRouteTarget } from './last-named-route';
import type { AppRoute } from './routes';

interface Entry {
  route: AppRoute;
  Screen: ComponentType;
  location: AppLocation;
  params: Readonly<Record<string, string>>;
}

interface ViewState {
  current: Entry | null;
  /** Visited keep-alive screens by pathname, kept mounted inside <Activity mode="hidden">. */
  cached: ReadonlyMap<string, Entry>;
}

export interface RouterHistory {
  href(): string;
  push(url: string): void;
  replace(url: string): void;
  go(delta: number): void;
  listen(onPop: () => void): () => void;
  /** A full document load of `url`; when a screen's code cannot be fetched (see `go`). */
  load?(url: string): void;
}

export const browserHistory: RouterHistory = {
  href: () => window.location.href,
  // Each entry records how many in-app screens lie behind it (docs/decisions/0151-one-back-control.md).
  push: (url) => window.history.pushState({ depth: inAppDepth() + 1 }, '', url),
  replace: (url) => window.history.replaceState({ depth: inAppDepth() }, '', url),
  go: (delta) => window.history.go(delta),
  listen: (onPop) => {
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  },
  load: (url) => window.location.assign(url),
};

export function findRoute(
  routes: readonly AppRoute[],
  pathname: string,
): { route: AppRoute; params: Record<string, string> } | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** spec §2: the page title comes from the route's metadata, empty if none. */
export function titleOf(route: AppRoute | undefined): string {
  const title = route?.title;
  if (!title) return '';
  return isMessageKey(title) ? t(title) : title;
}

export interface AppRouterProps {
  routes: readonly AppRoute[];
  /** Runs before each navigation commits (the open-id guard); a failure is logged, never blocks. */
  beforeEach: (url: URL) => Promise<unknown>;
  fallback: ReactNode;
  history?: RouterHistory;
  /**
   * Shown instead of the route when the URL lacks something every screen needs (no corpId): the URL stays,
   * the screen explains. null = the route as usual.
   */
  substitute?: (url: URL, route: AppRoute) => AppRoute | null;
}

type Mode = 'initial' | 'push' | 'replace' | 'pop';

/** One load per route: the same component identity every time, so keep-alive state survives. */
const loadedScreens = new WeakMap<AppRoute, Promise<ComponentType>>();

function loadScreen(route: AppRoute): Promise<ComponentType> {
  let loading = loadedScreens.get(route);
  if (!loading) {
    loading = route.screen();
    // A failed chunk load may succeed on the next navigation.
    loading.catch(() => loadedScreens.delete(route));
    loadedScreens.set(route, loading);
  }
  return loading;
}

type NavigationDeps = Omit<AppRouterProps, 'fallback' | 'history'> & { history: RouterHistory };

/**
 * Navigation (spec §2): resolve the route (unknown → previous named route, else /404), run the guard and
 * load the lazy screen, then commit the URL and the view. The latest navigation wins.
 */
function useNavigation({ routes, beforeEach, history, substitute }: NavigationDeps) {
  const [view, setView] = useState<ViewState>({ current: null, cached: new Map() });
  /** A screen whose code did not load: the designed page that loads it again by itself (chunk-failed.tsx). */
  const [failed, setFailed] = useState<{ target: string; delayMs: number; id: number } | null>(null);
  const seq = useRef(0);

  const go = useCallback(
    async (url: URL, mode: Mode, hops = 0): Promise<void> => {
      const id = ++seq.current;
      const matched = findRoute(routes, url.pathname);
      const instead = matched ? substitute?.(url, matched.route) : null;
      const found = matched && instead ? { ...matched, route: instead } : matched;
      if (!found) {
        const target = new URL(unknownRouteTarget(lastNamedRoute(), NOT_FOUND_PATH), url.origin);
        // A broken "last named route" must not bounce forever: the second hop goes to /404.
        const next = hops === 0 ? target : new URL(NOT_FOUND_PATH, url.origin);
        // Replace, never push: the unknown URL must not stay in (or be added to) the history.
        return go(next, 'replace', hops + 1);
      }
      let Screen: ComponentType;
      try {
        [, Screen] = await Promise.all([
          beforeEach(url).catch((error: unknown) => console.warn('[router] guard failed', error)),
          loadScreen(found.route),
        ]);
      } catch (error) {
        // The screen's chunk did not load (a deploy replaced the files, a busy server, a dropped connection).
        // Staying put silently strands the user on the old screen or the splash: load the target as a fresh
        // document at once; if that was just tried, say so and load it again by itself, later each time.
        console.error('[router] could not load', url.pathname, error);
        const target = `${url.pathname}${url.search}${url.hash}`;
        if (id !== seq.current) return;
        const delayMs = chunkRetryDelay(target);
        if (delayMs === 0 && history.load) history.load(target);
        else startTransition(() => setFailed({ target, delayMs: Math.max(delayMs, 1000), id }));
        return;
      }
      if (id !== seq.current) return; // a later navigation won
      forgetChunkRetries();
      setFailed(null);
      const href = `${url.pathname}${url.search}${url.hash}`;
      if (mode === 'push') history.push(href);
      else if (mode === 'replace' || (mode === 'initial' && hops > 0)) history.replace(href);
      const entry: Entry = {
        route: found.route,
        Screen,
        params: found.params,
        location: { pathname: url.pathname, search: url.search, hash: url.hash, key: `n${id}` },
      };
      // A transition: React renders the new screen in slices and lets the browser paint and handle input
      // in between, instead of one long task (on a mid-range phone a game screen's first render is long).
      startTransition(() =>
        setView((prev) => {
          const cached = new Map(prev.cached);
          if (found.route.keepAlive) cached.set(url.pathname, entry);
          return { current: entry, cached };
        }),
      );
    },
    [routes, beforeEach, history, substitute],
  );
  return { view, failed, go };
}

/**
 * The root layout (spec §2): one view plus the hidden icon sprite. Navigation: resolve the route
 * (unknown → previous named route, else /404), run the guard and load the lazy screen, then commit
 * the URL; afterwards set the title and reset the scroll. Keep-alive is the route's flag.
 */
export function AppRouter({ routes, beforeEach, fallback, history = browserHistory, substitute }: AppRouterProps) {
  const { view, failed, go } = useNavigation({ routes, beforeEach, history, substitute });

  useEffect(() => {
    void go(new URL(history.href()), 'initial');
    return history.listen(() => void go(new URL(history.href()), 'pop'));
  }, [go, history]);

  const navigate = useMemo<NavigateFn>(
    () =>
      ((to: string | number, options?: { replace?: boolean }) => {
        if (typeof to === 'number') history.go(to);
        else void go(new URL(to, history.href()), options?.replace ? 'replace' : 'push');
      }) as NavigateFn,
    [go, history],
  );

  const current = view.current;
  useEffect(() => {
    if (!current) return;
    document.title = titleOf(current.route);
    window.scrollTo(0, 0);
    rememberNamedRoute(`${current.location.pathname}${current.location.search}`);
  }, [current]);

  const retry = useCallback(() => {
    if (!failed) return;
    if (history.load) history.load(failed.target);
    else void go(new URL(failed.target, history.href()), 'replace');
  }, [failed, go, history]);

  if (failed) return <ChunkFailed key={failed.id} delayMs={failed.delayMs} onRetry={retry} />;
  if (!current) return <>{fallback}</>;
  return (
    <NavigatorContext.Provider value={navigate}>
      <IconSprite />
      <main className="app-view">
        {[...view.cached.values()].map((entry) => (
          <Activity key={entry.location.pathname} mode={entry === current ? 'visible' : 'hidden'}>
            <ScreenContext.Provider value={entry}>
              <entry.Screen />
            </ScreenContext.Provider>
          </Activity>
        ))}
        {current.route.keepAlive ? null : (
          <ScreenContext.Provider key={current.location.pathname} value={current}>
            <current.Screen />
          </ScreenContext.Provider>
        )}
      </main>
    </NavigatorContext.Provider>
  );
}
