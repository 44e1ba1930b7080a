import type { AuthContext } from './context';
import * as repo from './repo';

/**
 * One use of a ticket nonce of this corp (customer and staff tickets share the corp's signer, so they
 * share its nonces): false when it was used before.
 */
export async function claimTicketNonce(
  { db, clock }: AuthContext,
  corpId: string,
  nonce: string,
  expSec: number,
): Promise<boolean> {
  const now = clock();
  return repo.claimNonce(db, corpId, nonce, expSec * 1000, now);
}
