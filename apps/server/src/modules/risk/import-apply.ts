import { own, type PortTx } from '../../db/owners';
import { newSortableId } from '../../platform/crypto';
import type { RiskDeps } from './context';
import type { ImportPayload } from './import-request';
import type { Subject } from './ports';
import * as repo from './repo';
import { forget } from './state';

/**
 * An import approved: every row listed with source `import` and its maker as owner, in the decision's
 * transaction (the approvals' conditional update runs it once however many approve at once), audited with
 * the maker and the approver. Every node reads the lists again within a second (state.ts).
 */
export async function applyImport(deps: RiskDeps, tx: PortTx, r: Subject, by: string, now: number, byName?: string) {
  const p = JSON.parse(r.payload ?? '{"rows":[]}') as ImportPayload;
  await repo.importEntries(
    own('risk', tx),
    p.rows.map((row, i) => ({
      id: newSortableId(now + i),
      corp_id: r.corpId,
      type: row.t,
      value_key: row.k,
      shown: row.s,
      reason: row.r,
      source: 'import' as const,
      owner: p.maker.id,
      expires_at: row.e,
      created_at: now,
    })),
  );
  await deps.audit.append(tx, {
    corpId: r.corpId,
    at: now,
    actor: { id: by, name: byName ?? by, roles: ['approver'] },
    ip: null,
    action: 'risk.list.import',
    subject: r.subject,
    after: {
      rows: p.rows.length,
      maker: p.maker,
      approver: { id: by, name: byName ?? by },
      samples: p.rows.slice(0, 5).map((x) => x.s),
    },
  });
  forget(deps, r.corpId);
}
