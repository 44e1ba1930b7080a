import type { AuditFilter } from '@campaign/contract';
import type { PortTx } from '../../db/owners';
import type { AuditActor } from '../../platform/audit-port';
import { appendEntry } from './append-entry';
import { auditCsv } from './csv';
import type { AuditDeps } from './deps';
import { BATCH, toEntry } from './entries';
import * as repo from './repo';

/**
 * The filtered log as CSV (UTF-8 with a BOM, so spreadsheet programs read the Chinese), read a batch at a
 * time; the export is itself an entry, appended before the file is made, so the file includes it.
 */
export async function exportCsv(
  deps: AuditDeps,
  corpId: string,
  f: AuditFilter,
  who: { actor: AuditActor; ip: string | null },
): Promise<string> {
  const db = deps.database.db;
  await db.transaction().execute(async (tx) =>
    appendEntry(deps, tx as unknown as PortTx, {
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
}
