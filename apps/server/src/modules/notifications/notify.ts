import { own, type PortTx } from '../../db/owners';
import { newSortableId } from '../../platform/crypto';
import type { NotificationsDeps } from './context';
import type { NotifyInput } from './ports';
import * as repo from './repo';

/**
 * One notification per recipient: the named staff and everyone holding one of the roles, less the excepted,
 * and only staff who hold a console role now (a deactivated maker gets nothing). In the caller's transaction
 * when it has one: the staff read and the rows go through it (SQLite's one writer would wait for itself).
 */
export async function notify(deps: NotificationsDeps, tx: PortTx | null, n: NotifyInput): Promise<number> {
  const held = await deps.staff.consoleRoles(n.corpId, tx ?? undefined);
  const except = new Set(n.to.except ?? []);
  const named = new Set(n.to.staff ?? []);
  const roles = n.to.roles ?? [];
  const to = [...held]
    .filter(([id, r]) => !except.has(id) && (named.has(id) || r.some((x) => roles.includes(x))))
    .map(([id]) => id)
    .sort();
  return repo.insertOnce(
    tx ? own('notifications', tx) : deps.database.db,
    to.map((staffId) => ({
      id: newSortableId(n.at),
      corp_id: n.corpId,
      staff_id: staffId,
      kind: n.kind,
      subject: n.subject,
      dedupe_key: n.key,
      title: n.title,
      detail: n.detail ?? null,
      at: n.at,
      read_at: null,
    })),
  );
}
