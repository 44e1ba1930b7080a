import type { AuditEntry } from '@campaign/contract';
import type { ChainedEntry } from './chain';
import type * as repo from './repo';

/** Rows read at a time by the verification and the export. */
export const BATCH = 1000;

export function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

/** A stored row as it is hashed. */
export function chained(r: repo.AuditRow): ChainedEntry & { hash: string } {
  return {
    corpId: r.corp_id,
    seq: Number(r.seq),
    at: Number(r.at),
    actor:
      r.actor_id === null
        ? null
        : { id: r.actor_id, name: r.actor_name ?? '', roles: (parseJson(r.actor_roles) as string[] | null) ?? [] },
    ip: r.ip,
    action: r.action,
    subject: r.subject,
    before: parseJson(r.before),
    after: parseJson(r.after),
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}

export function toEntry(r: repo.AuditRow): AuditEntry {
  const c = chained(r);
  return {
    seq: c.seq,
    at: c.at,
    actor: c.actor ? { id: c.actor.id, name: c.actor.name, roles: [...c.actor.roles] } : null,
    ip: c.ip,
    action: c.action,
    subject: c.subject,
    before: c.before,
    after: c.after,
    prevHash: c.prevHash,
    hash: c.hash,
  };
}
