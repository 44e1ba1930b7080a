import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext, useMemo } from 'react';

/**
 * The navigation API screens use (a deliberately small router, docs/decisions/0106-own-router.md):
 * `useNavigate`, `useLocation`, `useSearchParams`, `useParams`, `<Link>` — named like react-router's
 * so screens read familiarly. The router itself (history, guard, keep-alive) is src/app/router.tsx.
 */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  /** Changes on every navigation, even to the same URL. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

export interface NavigateFn {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
}

export interface ScreenContextValue {
  /** The location this screen was last shown at (a hidden keep-alive screen keeps its own). */
  location: AppLocation;
  params: Readonly<Record<string, string>>;
}

export const NavigatorContext = createContext<NavigateFn | null>(null);
export const ScreenContext = createContext<ScreenContextValue | null>(null);

export function useNavigate(): NavigateFn {
  const navigate = useContext(NavigatorContext);
  if (!navigate) throw new Error('useNavigate must be used inside <AppRouter>');
  return navigate;
}

function useScreen(): ScreenContextValue {
  const screen = useContext(ScreenContext);
  if (!screen) throw new Error('navigation hooks must be used inside a routed screen');
  return screen;
}

export function useLocation(): AppLocation {
  return useScreen().location;
}

export function useParams(): Readonly<Record<string, string>> {
  return useScreen().params;
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useScreen().location;
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** `/editAddress/:addNo` style patterns; returns the params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}
