import type { Own } from '../../db/owners';
import { preparedFor } from '../../db/prepared';
import { changes, rows, type Step, type TxExec } from '../../db/tx';
import type { PoolCodeRow } from './uploads';

// An uploaded coupon code pool's rows (campaign_code, migration 0027, ADR 0390): staged like a white list's,
// taken one at a time inside the draw's transaction.

const prepared = preparedFor('campaign-lab');
type Lab = Own<'campaign-lab'>;

/**
 * Adds a batch of a pool's codes; returns the rows whose code is already in the pool (earlier in the file, or
 * twice in this batch), which are not added. The unique key refuses a repeat (ON CONFLICT DO NOTHING).
 */
export async function addCodes(db: Lab, corpId: string, listId: string, batch: PoolCodeRow[]): Promise<PoolCodeRow[]> {
  const inBatch = new Set<string>();
  const fresh: PoolCodeRow[] = [];
  const dups: PoolCodeRow[] = [];
  for (const r of batch) {
    if (inBatch.has(r.code)) dups.push(r);
    else {
      inBatch.add(r.code);
      fresh.push(r);
    }
  }
  if (fresh.length) {
    const added = new Set(
      (
        await db
          .insertInto('campaign_code')
          .values(fresh.map((r) => ({ corp_id: corpId, list_id: listId, seq: r.seq, code: r.code })))
          .onConflict((oc) => oc.columns(['corp_id', 'list_id', 'code']).doNothing())
          .returning('code')
          .execute()
      ).map((r) => r.code),
    );
    for (const r of fresh) if (!added.has(r.code)) dups.push(r);
  }
  return dups.sort((a, b) => a.line - b.line);
}

/** Deletes up to `limit` codes of a staged pool; returns how many went (fewer than `limit`: none are left). */
export async function dropStagedCodes(db: Lab, corpId: string, listId: string, limit: number): Promise<number> {
  const r = await db
    .deleteFrom('campaign_code')
    .where('corp_id', '=', corpId)
    .where('list_id', '=', listId)
    .where('list_id', 'in', (eb) =>
      eb
        .selectFrom('campaign_list')
        .select('id')
        .where('corp_id', '=', corpId)
        .where('id', '=', listId)
        .where('state', '=', 'staging'),
    )
    .where('seq', 'in', (eb) =>
      eb
        .selectFrom('campaign_code')
        .select('seq')
        .where('corp_id', '=', corpId)
        .where('list_id', '=', listId)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

const nextFreeQ = prepared<{ corp: string; list: string }, { seq: number; code: string }>((db, p) =>
  db
    .selectFrom('campaign_code')
    .select(['seq', 'code'])
    .where('corp_id', '=', p('corp'))
    .where('list_id', '=', p('list'))
    .where('award_id', 'is', null)
    .orderBy('seq')
    .limit(1),
);

const takeQ = prepared<{ corp: string; list: string; seq: number; award: string; now: number }, never>((db, p) =>
  db
    .updateTable('campaign_code')
    .set({ award_id: p('award'), taken_at: p('now') })
    .where('corp_id', '=', p('corp'))
    .where('list_id', '=', p('list'))
    .where('seq', '=', p('seq'))
    .where('award_id', 'is', null),
);

/** Tries a taker makes before giving up: another node's transaction took the code it saw each time. */
const TAKE_TRIES = 20;

/**
 * The pool's next free code, taken for this award, in the caller's transaction; null when none is left. The
 * update only takes a code still free: on PostgreSQL a concurrent transaction that took the same one first
 * makes it change nothing (after that one commits), and the next free code is looked up again. On SQLite the
 * writer is one, so the first try takes it.
 */
export function* takeCode(
  x: TxExec,
  a: { corpId: string; listId: string; awardId: string; now: number },
): Step<string | null> {
  for (let i = 0; i < TAKE_TRIES; i++) {
    const [free] = yield* rows(x, nextFreeQ, { corp: a.corpId, list: a.listId });
    if (!free) return null;
    const took = yield* changes(x, takeQ, {
      corp: a.corpId,
      list: a.listId,
      seq: Number(free.seq),
      award: a.awardId,
      now: a.now,
    });
    if (took === 1) return free.code;
  }
  throw new Error(`code pool ${a.listId}: no free code could be taken in ${TAKE_TRIES} tries`);
}

const codeOfQ = prepared<{ corp: string; award: string }, { code: string }>((db, p) =>
  db.selectFrom('campaign_code').select('code').where('corp_id', '=', p('corp')).where('award_id', '=', p('award')),
);

/** The code an award took (a held prize's, shown once it is released); null: it took none. */
export function* codeOf(x: TxExec, corpId: string, awardId: string): Step<string | null> {
  const [row] = yield* rows(x, codeOfQ, { corp: corpId, award: awardId });
  return row?.code ?? null;
}

const giveBackQ = prepared<{ corp: string; award: string }, never>((db, p) =>
  db
    .updateTable('campaign_code')
    .set({ award_id: null, taken_at: null })
    .where('corp_id', '=', p('corp'))
    .where('award_id', '=', p('award')),
);

/** A declined award's code is free again (its unit of stock goes back in the same transaction). */
export function* giveBack(x: TxExec, corpId: string, awardId: string): Step<void> {
  yield* changes(x, giveBackQ, { corp: corpId, award: awardId });
}

/** How many codes of a pool are still free. */
export async function freeCodes(db: Lab, corpId: string, listId: string): Promise<number> {
  const r = await db
    .selectFrom('campaign_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('corp_id', '=', corpId)
    .where('list_id', '=', listId)
    .where('award_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
