import type { DataOf, Endpoint } from '@campaign/contract';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { CallFailure } from './errors';
import { browserDeps, type CallArgs, callLoose, type RequestDeps, toastOnFailure } from './request';

/** Reads are retried, but never a refusal the server meant (business errors, 4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof CallFailure) {
    // Business refusals (including the expired-login 401) are answers, not glitches.
    if (error.code !== undefined) return false;
    if (error.status !== undefined && error.status >= 400 && error.status < 500) return false;
  }
  return true;
}

/**
 * TanStack Query over the request layer: caching and de-duplication of reads, retries of transient
 * failures. Query functions call quietly; the toast is shown once, for the final failure.
 */
export function createQueryClient(deps: Pick<RequestDeps, 'pathname' | 'toast'> = browserDeps): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.quiet === true) return;
        if (error instanceof CallFailure) toastOnFailure(error.cause, deps);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** `useQuery(endpointQuery(endpoints.x, { query }))`: the key is the endpoint path plus its payload. */
export function endpointQuery<E extends Endpoint>(ep: E, args: CallArgs<E>) {
  const { signal: _ignored, ...keyArgs } = args;
  return {
    queryKey: [ep.method, ep.path, keyArgs] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<DataOf<E>> =>
      callLoose(ep, { ...args, signal, quiet: true }),
  };
}

/** The one client every screen shares (cache and de-duplication across screens). */
export const queryClient = createQueryClient();

/**
 * Screens that read through TanStack Query export `withQueryClient(Screen)`. The provider sits at
 * the screen, not the root, so the library loads with the first screen that needs it and stays out
 * of the entry chunk (bench/budgets.mjs checks this); all screens share `queryClient` above.
 */
export function withQueryClient<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `withQueryClient(${Screen.displayName ?? Screen.name})`;
  return WithQueryClient;
}
