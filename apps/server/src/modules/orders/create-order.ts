import type { Step, TxExec } from '../../db/tx';
import * as repo from './repo';

/**
 * A physical prize's order awaiting its address: a step of the awarding transaction (prizes' OrderPort).
 * It takes no deps: the caller's transaction is all it writes to.
 */
export function* createOrder(
  x: TxExec,
  row: { id: string; corp_id: string; user_id: string; award_id: string; created_at: number },
): Step<void> {
  yield* repo.createOrder(x, row);
}
