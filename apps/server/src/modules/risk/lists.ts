import type { RiskListEntry, RiskListType } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import type { RiskListTable } from '../../db/schema-risk';
import { newSortableId } from '../../platform/crypto';
import type { RiskDeps } from './context';
import { normalise, shownOf } from './list-values';
import * as repo from './repo';
import type { Acting } from './save-ruleset';
import { forget, listKey } from './state';

function entryOf(r: RiskListTable, names: Map<string, string>): RiskListEntry {
  return {
    id: r.id,
    type: r.type,
    shown: r.shown,
    reason: r.reason,
    source: r.source,
    owner: { id: r.owner, name: names.get(r.owner) ?? '系统' },
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
    createdAt: Number(r.created_at),
  };
}

export async function listEntries(deps: RiskDeps, corpId: string, type?: RiskListType) {
  const rows = (await repo.listEntries(deps.database.db, corpId, deps.clock())).filter((r) => !type || r.type === type);
  const names = await deps.staff.names(corpId, [...new Set(rows.map((r) => r.owner))]);
  return { items: rows.map((r) => entryOf(r, names)) };
}

/**
 * An entry listed (again: its reason and expiry renewed). A phone or ID number is kept as a keyed hash and shown masked;
 * every node sees the change within a second (state.ts). Audited in the same transaction.
 */
export async function addEntry(
  deps: RiskDeps,
  acting: Acting,
  corpId: string,
  input: { type: RiskListType; value: string; reason: string; days: number | null },
) {
  const value = normalise(input.type, input.value);
  const now = deps.clock();
  const key = listKey(deps, input.type, value);
  const shown = shownOf(input.type, value);
  const row = await deps.database.db.transaction().execute(async (tx) => {
    const db = own('risk', tx);
    await repo.addEntry(db, {
      id: newSortableId(now),
      corp_id: corpId,
      type: input.type,
      value_key: key,
      shown,
      reason: input.reason,
      source: 'manual',
      owner: acting.actor.id,
      expires_at: input.days === null ? null : now + input.days * 86_400_000,
      created_at: now,
    });
    const saved = await repo.entryByValue(db, corpId, input.type, key);
    await deps.audit.append(handOver(tx), {
      corpId,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'risk.list.add',
      subject: saved.id,
      after: { type: input.type, value: shown, reason: input.reason, days: input.days },
    });
    return saved;
  });
  forget(deps, corpId);
  return entryOf(row, await deps.staff.names(corpId, [row.owner]));
}

export async function removeEntry(deps: RiskDeps, acting: Acting, corpId: string, id: string) {
  const now = deps.clock();
  const removed = await deps.database.db.transaction().execute(async (tx) => {
    const gone = await repo.removeEntry(own('risk', tx), corpId, id);
    if (gone) {
      await deps.audit.append(handOver(tx), {
        corpId,
        at: now,
        actor: acting.actor,
        ip: acting.ip,
        action: 'risk.list.remove',
        subject: id,
        before: gone,
      });
    }
    return gone !== null;
  });
  forget(deps, corpId);
  return { removed };
}
