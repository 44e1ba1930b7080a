import { own, type PortTx } from '../../db/owners';
import type { ActivityContext } from './context';
import * as repo from './repo';

/**
 * The console's pause (modules/campaigns through services.ts), in the caller's transaction: this node
 * forgets its cached copy now; every other node re-reads within the cache's second (ADR 0340).
 */
export async function setPaused(
  { cache }: ActivityContext,
  tx: PortTx,
  corpId: string,
  actId: string,
  paused: boolean,
) {
  await repo.updateActivity(own('activity', tx), corpId, actId, { state: paused ? 'paused' : 'published' });
  cache.forget(corpId, actId);
}
