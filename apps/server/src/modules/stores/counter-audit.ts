import { newId } from '../../platform/crypto';
import type { StoresDeps } from './deps';
import * as repo from './repo';
import { normalizeCode } from './store-view';

/** One attempt at the counter, whatever its outcome (issue 21 §7). */
export async function auditCounter(
  deps: StoresDeps,
  corpId: string,
  code: string,
  storeId: string,
  staffId: string,
  outcome: string,
  detail?: string,
) {
  await repo.audit(deps.database.db, {
    id: newId(),
    corp_id: corpId,
    code,
    store_id: storeId,
    staff_id: staffId,
    outcome,
    detail: detail ?? null,
    created_at: deps.clock(),
  });
}

/** Every attempt at the counter with this code, oldest first (operators, tests). */
export function counterAuditOf(deps: StoresDeps, corpId: string, code: string) {
  return repo.auditOf(deps.database.db, corpId, normalizeCode(code));
}
