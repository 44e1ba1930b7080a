import type { StatsParts } from './deps';

/** The server is closing: streams end, the sink stores what it holds. */
export async function closeStats(p: StatsParts) {
  p.live.close();
  p.sink.close();
  await p.sink.flush();
}
