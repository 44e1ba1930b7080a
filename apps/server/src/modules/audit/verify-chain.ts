import type { AuditVerify } from '@campaign/contract';
import { createChainWalker } from './chain';
import type { AuditDeps } from './deps';
import { BATCH, chained } from './entries';
import * as repo from './repo';

/** Walks the corp's chain a batch at a time, against the heads published outside the database. */
export async function verifyChain(deps: AuditDeps, corpId: string): Promise<AuditVerify> {
  const db = deps.database.db;
  const heads = (await deps.ledger.read()).get(corpId) ?? [];
  const walker = createChainWalker(new Map(heads.map((h) => [h.seq, h.hash])));
  let after = 0;
  for (;;) {
    const rows = await repo.batch(db, corpId, after, BATCH);
    const going = rows.every((r) => walker.push(chained(r)));
    if (!going || rows.length < BATCH) break;
    after = Number(rows[rows.length - 1]?.seq ?? after);
  }
  const newest = heads.reduce<(typeof heads)[number] | null>((a, b) => (a && a.seq > b.seq ? a : b), null);
  return {
    ...walker.finish(await repo.head(db, corpId)),
    published: newest ? { seq: newest.seq, hash: newest.hash, at: newest.time } : null,
  };
}
