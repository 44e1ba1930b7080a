import type { Own } from '../../db/owners';
import type { ActivityContext } from './context';
import type { GroupDef } from './definition';
import * as repo from './repo';

/** Create or update a group of activities (which to show, relate, and where surplus and winners go). */
export async function publishGroup(ctx: ActivityContext, g: GroupDef, ex: Own<'activity'> = ctx.db) {
  await repo.upsertGroup(ex, {
    corp_id: g.corp,
    id: g.id,
    show_ids: JSON.stringify(g.showActIds),
    related_ids: JSON.stringify(g.relatedActIds),
    surplus_ids: JSON.stringify(g.surplusActIds),
    winner_ids: JSON.stringify(g.winnerActIds),
    rocc: g.rocc,
    risk_fail_policy: g.riskFailPolicy ?? null,
    risk_fail_open_per_minute: g.riskFailOpenPerMinute ?? null,
  });
}
