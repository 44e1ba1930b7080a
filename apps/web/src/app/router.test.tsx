import { screen } from '@testing-library/dom';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, useNavigate, useParams, useSearchParams } from '../shared/navigation/navigation';
import { act, fire, render } from '../shared/testing/render';
import { chunkRetryDelay, forgetChunkRetries } from './chunk-failed';
import { LAST_NAMED_ROUTE_KEY } from './last-named-route';
import { AppRouter, browserHistory, findRoute, type RouterHistory, titleOf } from './router';
import { type AppRoute, lazyScreen, ROUTES } from './routes';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <div>
      <button type="button" onClick={() => setN(n + 1)}>
        {`${label}:${n}`}
      </button>
      <span>{`q=${params.get('q') ?? ''}`}</span>
      <Link to="/a">to-a</Link>
      <Link to="/b">to-b</Link>
      <button type="button" onClick={() => navigate('/nowhere')}>
        {`${label}-unknown`}
      </button>
    </div>
  );
}

function Item() {
  return <p>{`item ${useParams().id}`}</p>;
}

const routes: AppRoute[] = [
  { path: '/a', screen: async () => () => <Counter label="A" />, title: 'Page A', keepAlive: true },
  { path: '/b', screen: async () => () => <Counter label="B" />, title: 'Page B', keepAlive: false },
  { path: '/item/:id', screen: async () => Item, keepAlive: false },
  { path: '/404', screen: async () => () => <p>not found</p>, title: 'title.notFound', keepAlive: true },
];

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => await Promise.resolve());
}

async function start(path: string, beforeEach = vi.fn(async (_url: URL): Promise<void> => undefined)) {
  window.history.replaceState(null, '', path);
  render(<AppRouter routes={routes} beforeEach={beforeEach} fallback={<p>splash</p>} />);
  await settle();
  return beforeEach;
}

describe('route table', () => {
  it('every route has a lazy screen and the auth page is excluded from keep-alive', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/login', '/authPage', '/miniAppEntry', '/404']));
    expect(new Set(paths).size).toBe(paths.length);
    expect(findRoute(ROUTES, '/authPage')?.route.keepAlive).toBe(false);
    expect(findRoute(ROUTES, '/login')?.route.keepAlive).toBe(true);
    expect(findRoute(ROUTES, '/nope')).toBeNull();
  });

  it('titles come from metadata (catalogue key or text), empty if none', () => {
    expect(titleOf(routes[0])).toBe('Page A');
    expect(titleOf(routes[3])).toBe('页面不存在');
    expect(titleOf(routes[2])).toBe('');
  });

  it('lazyScreen picks the named export and refuses a non-component', async () => {
    await expect(lazyScreen(async () => ({ Item }), 'Item')()).resolves.toBe(Item);
    await expect(lazyScreen(async () => ({ x: 1 }), 'x')()).rejects.toThrow(/not a component/);
  });
});

describe('AppRouter (spec §2)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.scrollTo = vi.fn();
  });

  it('sets the title and resets scroll on every navigation; runs the guard before each one', async () => {
    const guard = await start('/a?q=1');
    expect(document.title).toBe('Page A');
    expect(screen.getByText('q=1')).toBeTruthy();
    fire.click(screen.getByText('to-b'));
    await settle();
    expect(window.location.pathname).toBe('/b');
    expect(document.title).toBe('Page B');
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(guard.mock.calls.map(([url]) => url.pathname)).toEqual(['/a', '/b']);
    await act(async () => window.history.pushState(null, '', '/item/7'));
    await act(async () => window.dispatchEvent(new PopStateEvent('popstate')));
    await settle();
    expect(screen.getByText('item 7')).toBeTruthy();
    expect(document.title).toBe('');
  });

  it('does not commit a navigation before the guard finishes', async () => {
    let release: () => void = () => undefined;
    const guard = vi.fn(async (url: URL) => {
      if (url.pathname === '/b') await new Promise<void>((r) => (release = r));
    });
    await start('/a', guard);
    fire.click(screen.getByText('to-b'));
    await settle();
    expect(window.location.pathname).toBe('/a');
    expect(screen.getByText('A:0')).toBeTruthy();
    release();
    await settle();
    expect(window.location.pathname).toBe('/b');
  });

  it('keeps a cached screen’s state; an excluded one starts over', async () => {
    await start('/a');
    fire.click(screen.getByText('A:0'));
    fire.click(screen.getByText('to-b'));
    await settle();
    fire.click(screen.getByText('B:0'));
    expect(screen.getByText('B:1')).toBeTruthy();
    fire.click(screen.getAllByText('to-a').at(-1) as Element);
    await settle();
    expect(screen.getByText('A:1')).toBeTruthy();
    fire.click(screen.getAllByText('to-b').at(-1) as Element);
    await settle();
    expect(screen.getByText('B:0')).toBeTruthy();
  });

  it('an unknown path goes back to the previous named route', async () => {
    await start('/a?q=2');
    fire.click(screen.getByText('A-unknown'));
    await settle();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/a?q=2');
    expect(sessionStorage.getItem(LAST_NAMED_ROUTE_KEY)).toBe('/a?q=2');
  });

  it('an unknown path without a previous named route goes to /404', async () => {
    await start('/missing/page');
    expect(window.location.pathname).toBe('/404');
    expect(screen.getByText('not found')).toBeTruthy();
  });

  it('a screen whose code fails to load is opened by a full load once, never silently dropped', async () => {
    const loads: string[] = [];
    const history: RouterHistory = { ...browserHistory, load: (url) => loads.push(url) };
    const broken: AppRoute[] = [
      ...routes,
      { path: '/broken', screen: () => Promise.reject(new Error('chunk 404')), keepAlive: false },
    ];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/a');
    render(<AppRouter routes={broken} beforeEach={async () => undefined} fallback={<p>splash</p>} history={history} />);
    await settle();
    expect(screen.getByText('A:0')).toBeTruthy();
    const go = () =>
      act(async () => {
        window.history.pushState(null, '', '/broken?x=1');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
    await go();
    await settle();
    expect(loads).toEqual(['/broken?x=1']);
    // Came back to the same broken URL (the full load failed too): a designed page in Chinese, which loads
    // it again by itself after 2 s (no tight reload loop), or at once on its button.
    await go();
    await settle();
    expect(loads).toEqual(['/broken?x=1']);
    expect(screen.getByRole('alert').textContent).toContain('页面没能打开');
    expect(screen.getByText('活动太火爆或网络不稳定，2 秒后自动重试')).toBeTruthy();
    for (let i = 0; i < 2; i++) await act(async () => await new Promise((r) => setTimeout(r, 1050)));
    expect(loads).toEqual(['/broken?x=1', '/broken?x=1']);
    fire.click(screen.getByText('立即重试'));
    expect(loads).toHaveLength(3);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('waits longer before each full load of a screen that keeps failing, and starts over once one opens', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const delays = Array.from({ length: 7 }, () => chunkRetryDelay('/x', storage));
    expect(delays).toEqual([0, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(chunkRetryDelay('/y', storage)).toBe(0);
    forgetChunkRetries(storage);
    expect(chunkRetryDelay('/y', storage)).toBe(0);
  });
});
