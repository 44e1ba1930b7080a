import type { EndpointName, RouteData } from '@campaign/contract/client';
import {
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiError, type CallArgs, call } from './request';

/** The cache key of a read: the endpoint's name and its payload. */
export const endpointKey = (name: EndpointName, query?: unknown): QueryKey =>
  query === undefined ? [name] : [name, query];

/** `useEndpointQuery('consoleAuditList', { query })`: a cached, de-duplicated read of one endpoint. */
export function useEndpointQuery<N extends EndpointName, TData = RouteData<N>>(
  name: N,
  args: CallArgs<N> = {} as CallArgs<N>,
  options: Omit<UseQueryOptions<RouteData<N>, ApiError, TData>, 'queryKey' | 'queryFn'> = {},
) {
  const query = (args as { query?: unknown }).query;
  return useQuery({
    ...options,
    queryKey: endpointKey(name, query),
    queryFn: ({ signal }) => call(name, { ...args, signal }),
  });
}

/**
 * `useEndpointMutation('consoleStaffRoles', { invalidates: ['consoleStaffList'] })`: a write; on success the
 * named reads are fetched again.
 */
export function useEndpointMutation<N extends EndpointName>(
  name: N,
  options: Omit<UseMutationOptions<RouteData<N>, ApiError, CallArgs<N>>, 'mutationFn'> & {
    invalidates?: EndpointName[];
  } = {},
) {
  const client = useQueryClient();
  const { invalidates = [], ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: (args) => call(name, args),
    onSuccess: async (data, args, ...more) => {
      await Promise.all(invalidates.map((n) => client.invalidateQueries({ queryKey: [n] })));
      await rest.onSuccess?.(data, args, ...more);
    },
  });
}
