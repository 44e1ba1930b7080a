import { type EndpointName, type RouteData, type RouteMeta, type RouteTable, routes } from '@campaign/contract/client';
import {
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { applyEffects } from './effects';
import { type EndpointKey, endpointKey } from './endpoint-key';
import type { CallFailure } from './errors';
import { type CallArgs, type CallLoose, callLoose } from './request';

/** What a read is called with: its payload (and corpId); signal, quietness and retries are the library's. */
export type QueryArgs<N extends EndpointName> = Omit<CallArgs<N>, 'signal' | 'quiet' | 'idempotencyKey'>;

export type EndpointQueryOptions<N extends EndpointName, TData = RouteData<N>> = Omit<
  UseQueryOptions<RouteData<N>, CallFailure, TData, EndpointKey<N>>,
  'queryKey' | 'queryFn'
>;

const table: RouteTable = routes;
const routeOf = <N extends EndpointName>(route: N | RouteMeta<N>): RouteMeta<N> =>
  typeof route === 'string' ? table[route] : route;

/**
 * Key and fetcher of one read, for `useQuery`, `useQueries`, `prefetchQuery` or `fetchQuery`. Each
 * attempt is quiet: the query cache toasts once, after the last retry (api/query-client.tsx).
 */
export function endpointQuery<N extends EndpointName>(
  route: N | RouteMeta<N>,
  args: QueryArgs<N>,
  call: CallLoose = callLoose,
): { queryKey: EndpointKey<N>; queryFn: (ctx: { signal: AbortSignal }) => Promise<RouteData<N>> } {
  const meta = routeOf(route);
  return {
    queryKey: endpointKey(meta, args),
    queryFn: ({ signal }) => call(meta, { ...args, signal, quiet: true }),
  };
}

/** `useEndpointQuery('activityDetail', { query: { actId } })`: a cached, de-duplicated, retried read. */
export function useEndpointQuery<N extends EndpointName, TData = RouteData<N>>(
  route: N | RouteMeta<N>,
  args: QueryArgs<N>,
  options: EndpointQueryOptions<N, TData> = {},
): UseQueryResult<TData, CallFailure> {
  return useQuery({ ...options, ...endpointQuery(route, args) });
}

/**
 * A read on demand (a button), through the cache: `fetchEndpoint(client, 'wechatOpenId', {})`. `quiet`: the
 * caller shows the failure itself (no toast from the query cache).
 */
export function fetchEndpoint<N extends EndpointName>(
  client: QueryClient,
  route: N | RouteMeta<N>,
  args: QueryArgs<N>,
  options: { quiet?: boolean } = {},
): Promise<RouteData<N>> {
  return client.fetchQuery({ ...endpointQuery(route, args), staleTime: 0, meta: { quiet: options.quiet === true } });
}

/** A write outside React (start-up, navigation guards), with the same cache effects as the hook. */
export async function mutateEndpoint<N extends EndpointName>(
  client: QueryClient,
  route: N | RouteMeta<N>,
  args: CallArgs<N>,
  call: CallLoose = callLoose,
): Promise<RouteData<N>> {
  const meta = routeOf(route);
  const data = await call(meta, args);
  await applyEffects(client, meta.name, args, data);
  return data;
}

/**
 * `useEndpointMutation('exchange').mutate({ body: { awardId } })`: the request layer toasts failures
 * (unless `quiet`), and on success the endpoint's cache effects run (api/effects.ts) before the
 * caller's `onSuccess`.
 */
export function useEndpointMutation<N extends EndpointName, TContext = unknown>(
  route: N | RouteMeta<N>,
  options: Omit<UseMutationOptions<RouteData<N>, CallFailure, CallArgs<N>, TContext>, 'mutationFn'> = {},
): UseMutationResult<RouteData<N>, CallFailure, CallArgs<N>, TContext> {
  const client = useQueryClient();
  const meta = routeOf(route);
  return useMutation({
    ...options,
    mutationFn: (args) => callLoose(meta, args),
    onSuccess: async (data, args, ...rest) => {
      await applyEffects(client, meta.name, args, data);
      await options.onSuccess?.(data, args, ...rest);
    },
  });
}
