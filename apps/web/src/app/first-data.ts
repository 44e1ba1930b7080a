import type { QueryClient } from '@tanstack/react-query';
import { endpointQuery } from '../api/endpoint-query';

/**
 * The first screen's main read, asked for while its code is still downloading: with an actId in the URL
 * (every activity screen: games, rules, landing pages) the activity detail goes out at once, into the
 * cache entry the screen reads, instead of after the screen's chunk has loaded and rendered.
 */
export function prefetchFirstData(client: QueryClient, actId: string | null): void {
  if (!actId) return;
  // Quiet: a failed detail is only logged (spec §8); the screen asks again and shows its designed state.
  void client.prefetchQuery({ ...endpointQuery('activityDetail', { query: { actId } }), meta: { quiet: true } });
}
