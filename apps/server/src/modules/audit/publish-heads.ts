import type { AuditDeps } from './deps';
import * as repo from './repo';

/** Each corp's head, published outside the database where it moved since the last time (background.ts). */
export async function publishHeads(deps: AuditDeps) {
  return deps.ledger.publish(await repo.heads(deps.database.db), deps.clock());
}
