import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CallFailure } from './errors';
import { browserDeps, isBusy, type RequestDeps, toastOnFailure } from './request';
import { forgetSession } from './session-cache';

/** Reads are retried, but never a refusal the server meant (business errors, 4xx); a busy server's is. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (isBusy(error)) return true;
  if (error instanceof CallFailure) {
    // Business refusals (including the expired-login 401) are answers, not glitches.
    if (error.code !== undefined) return false;
    if (error.status !== undefined && error.status >= 400 && error.status < 500) return false;
  }
  return true;
}

/** The server said the login is gone (envelope code or HTTP 401). */
export function isExpired(error: unknown): boolean {
  return error instanceof CallFailure && (error.code === 401 || error.status === 401);
}

export interface QueryClientOptions {
  /** Pause before a retry; the library's back-off (1 s, 2 s) unless a test wants none. */
  retryDelay?: number;
}

/**
 * TanStack Query over the request layer: caching, de-duplication and retries of reads, refetch
 * when the page comes back into view. Query functions call quietly; the toast is shown once, for
 * the final failure (`meta: { quiet: true }` for reads whose failures are only logged). An expired
 * login anywhere forgets the cached session, so no screen keeps showing a user who is gone.
 */
export function createQueryClient(
  deps: Pick<RequestDeps, 'pathname' | 'toast'> = browserDeps,
  options: QueryClientOptions = {},
): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isExpired(error)) forgetSession(client);
        // Quiet reads are the ones whose failures the spec only logs (§8).
        if (query.meta?.quiet === true) console.warn('[query] failed', query.queryKey, error);
        else if (error instanceof CallFailure) toastOnFailure(error.cause, deps);
      },
    }),
    // Mutations call without `quiet`: the request layer has toasted already.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isExpired(error)) forgetSession(client);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        ...(options.retryDelay !== undefined ? { retryDelay: options.retryDelay } : {}),
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The one client every screen shares (cache and de-duplication across screens and visits). */
export const queryClient = createQueryClient();

export function QueryProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
