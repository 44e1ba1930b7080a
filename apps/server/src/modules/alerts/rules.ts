import type { Own } from '../../db/owners';

// What the alert rules read (docs/decisions/0367-alert-rules.md): a corp's running campaigns, their prizes'
// stock and what their awards have cost so far, through the views the owners declare (db/owners.ts).

export const STOCK_LOW = 0.05;
/** Budget ahead of plan: spent more than the elapsed share of the campaign's time, plus this margin. */
export const BUDGET_MARGIN = 0.1;

export async function running(db: Own<'alerts'>, now: number) {
  return db
    .selectFrom('activity')
    .select(['corp_id', 'id', 'title', 'starts_at', 'ends_at'])
    .where('state', '=', 'published')
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute();
}

export async function prizes(db: Own<'alerts'>, corpId: string, actId: string) {
  return db
    .selectFrom('prize')
    .select(['id', 'name', 'total_stock', 'value_cents'])
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .execute();
}

/** Cents the campaign's issued awards are worth (held and declined ones cost nothing yet). */
export async function spentCents(db: Own<'alerts'>, corpId: string, actId: string): Promise<number> {
  const r = await db
    .selectFrom('award as a')
    .innerJoin('prize as p', (j) =>
      j.onRef('p.corp_id', '=', 'a.corp_id').onRef('p.act_id', '=', 'a.act_id').onRef('p.id', '=', 'a.prize_id'),
    )
    .select((eb) => eb.fn.sum<number>('p.value_cents').as('s'))
    .where('a.corp_id', '=', corpId)
    .where('a.act_id', '=', actId)
    .where('a.status', 'in', ['issued', 'awaiting_address', 'exchanged'])
    .executeTakeFirst();
  return Number(r?.s ?? 0);
}

/**
 * Requests and their failures per corp over the last minute (this process): the error and 429 rate rules.
 * Counted in memory by an onResponse hook (app.ts); nothing on a request's path waits for it.
 */
export function createTraffic() {
  let bucket = 0;
  let counts = new Map<string, { all: number; errors: number; limited: number }>();
  return {
    observe(corpId: string | undefined, status: number, now: number) {
      if (!corpId) return;
      const b = Math.floor(now / 60_000);
      if (b !== bucket) {
        bucket = b;
        counts = new Map();
      }
      const c = counts.get(corpId) ?? { all: 0, errors: 0, limited: 0 };
      c.all++;
      if (status >= 500) c.errors++;
      if (status === 429) c.limited++;
      counts.set(corpId, c);
    },
    /** This minute's counts, and forgets them. */
    take() {
      const out = counts;
      counts = new Map();
      return out;
    },
  };
}
