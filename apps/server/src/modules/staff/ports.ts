/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other.
 */

/** The corp's ticket nonces (modules/auth): customer and staff tickets are signed by the same corp secret. */
export interface TicketNoncePort {
  /** One use of a nonce; false when it was used before. */
  claimTicketNonce(corpId: string, nonce: string, expSec: number): Promise<boolean>;
}
