import { own, type PortTx } from '../../db/owners';
import type { AuditInput } from '../../platform/audit-port';
import { type ChainedEntry, canonicalJson, entryHash, GENESIS } from './chain';
import type { AuditDeps } from './deps';
import * as repo from './repo';

/** Appends one entry to the corp's chain, inside the caller's transaction (other modules' AuditPort). */
export async function appendEntry(deps: AuditDeps, tx: PortTx, e: AuditInput): Promise<void> {
  const x = own('audit', tx);
  await repo.lockChain(x, deps.database.kind, e.corpId);
  const last = await repo.head(x, e.corpId);
  const entry: ChainedEntry = {
    corpId: e.corpId,
    seq: (last?.seq ?? 0) + 1,
    at: e.at,
    actor: e.actor,
    ip: e.ip,
    action: e.action,
    subject: e.subject,
    before: e.before ?? null,
    after: e.after ?? null,
    prevHash: last?.hash ?? GENESIS,
  };
  await repo.insert(x, {
    corp_id: entry.corpId,
    seq: entry.seq,
    at: entry.at,
    actor_id: entry.actor?.id ?? null,
    actor_name: entry.actor?.name ?? null,
    actor_roles: entry.actor ? canonicalJson(entry.actor.roles) : null,
    ip: entry.ip,
    action: entry.action,
    subject: entry.subject,
    before: entry.before === null ? null : canonicalJson(entry.before),
    after: entry.after === null ? null : canonicalJson(entry.after),
    prev_hash: entry.prevHash,
    hash: entryHash(entry),
  });
}
