import type { EndpointName, RouteMeta } from '@campaign/contract/client';

/** A query key: the endpoint's name, then what it was called with (query, body, corpId). */
export type EndpointKey<N extends EndpointName = EndpointName> = readonly [N, Readonly<Record<string, unknown>>];

/**
 * `[name, { query, body, corpId }]`, leaving out what is undefined, so the same call made by two
 * screens shares one cache entry, and `[name]` or `[name, { query: { actId } }]` address a family
 * of entries (TanStack matches keys by prefix and by partial objects).
 */
export function endpointKey<N extends EndpointName>(
  route: Pick<RouteMeta<N>, 'name'>,
  args: { query?: unknown; body?: unknown; corpId?: string } = {},
): EndpointKey<N> {
  const payload: Record<string, unknown> = {};
  if (args.query !== undefined) payload.query = args.query;
  if (args.body !== undefined) payload.body = args.body;
  if (args.corpId !== undefined) payload.corpId = args.corpId;
  return [route.name, payload];
}
