import type { AuditEntry, AuditFilter, AuditVerify } from '@campaign/contract';
import { own, type PortTx } from '../../db/owners';
import type { AuditActor, AuditInput, AuditPort } from '../../platform/audit-port';
import type { ServiceDeps } from '../../platform/services';
import { type ChainedEntry, canonicalJson, createChainWalker, entryHash, GENESIS } from './chain';
import { auditCsv } from './csv';
import * as repo from './repo';

const BATCH = 1000;

function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

/** A stored row as it is hashed. */
function chained(r: repo.AuditRow): ChainedEntry & { hash: string } {
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

function toEntry(r: repo.AuditRow): AuditEntry {
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

/**
 * The audit log (docs/decisions/0331-audit-chain.md): append-only and hash-chained per corp. Other modules
 * append through `append` (their AuditPort) inside their own transactions; the console reads, verifies
 * and exports; nothing updates or deletes an entry.
 */
export function createAuditService(deps: ServiceDeps<'audit'>) {
  const db = deps.database.db;
  const dialect = deps.database.kind;

  async function append(tx: PortTx, e: AuditInput): Promise<void> {
    const x = own('audit', tx);
    await repo.lockChain(x, dialect, e.corpId);
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

  async function verify(corpId: string): Promise<AuditVerify> {
    const walker = createChainWalker();
    let after = 0;
    for (;;) {
      const rows = await repo.batch(db, corpId, after, BATCH);
      const going = rows.every((r) => walker.push(chained(r)));
      if (!going || rows.length < BATCH) break;
      after = Number(rows[rows.length - 1]?.seq ?? after);
    }
    return walker.finish(await repo.head(db, corpId));
  }

  const port: AuditPort = { append };
  return {
    port,
    /**
     * What was done to one subject (a campaign's page shows its own), newest first: when, what, by whom (null:
     * the system).
     */
    trail: {
      async trail(corpId: string, subject: string, opts: { exclude: string[]; limit: number }) {
        const rows = await repo.trail(db, corpId, subject, opts.exclude, opts.limit);
        return rows.map((r) => ({
          at: Number(r.at),
          action: r.action,
          by: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? r.actor_id },
        }));
      },
    },
    append,
    verify,

    async list(corpId: string, f: AuditFilter, page: number, pageSize: number) {
      const [{ rows, total }, actions] = await Promise.all([
        repo.page(db, corpId, f, page, pageSize),
        repo.actions(db, corpId),
      ]);
      return { total, items: rows.map(toEntry), actions };
    },

    /**
     * The filtered log as CSV (UTF-8 with a BOM, so spreadsheet programs read the Chinese), read a batch at a
     * time; the export is itself an entry, appended before the file is made, so the file includes it.
     */
    async exportCsv(corpId: string, f: AuditFilter, who: { actor: AuditActor; ip: string | null }): Promise<string> {
      await db.transaction().execute(async (tx) =>
        append(tx as unknown as PortTx, {
          corpId,
          at: deps.clock(),
          actor: who.actor,
          ip: who.ip,
          action: 'audit.export',
          subject: null,
          after: { filter: f },
        }),
      );
      const parts: string[] = [];
      let after = 0;
      for (;;) {
        const rows = await repo.batch(db, corpId, after, BATCH, f);
        parts.push(auditCsv(rows.map(toEntry), parts.length === 0));
        if (rows.length < BATCH) break;
        after = Number(rows[rows.length - 1]?.seq ?? after);
      }
      return parts.join('');
    },

    /** Every corp with a chain (the CLI verifies them all). */
    corps: () => repo.corpsWithChains(db),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
