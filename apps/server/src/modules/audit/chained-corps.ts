import type { AuditDeps } from './deps';
import * as repo from './repo';

/** Every corp with a chain (the CLI verifies them all). */
export function chainedCorps(deps: AuditDeps) {
  return repo.corpsWithChains(deps.database.db);
}
