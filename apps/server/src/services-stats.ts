import type { createActivityService } from './modules/activity/service';
import { createStatsService } from './modules/stats/service';
import { type BaseDeps, depsOf } from './platform/services';

/** The live numbers: the draw counts itself in its own transaction; the dashboard reads the roll-ups. */
type Activity = ReturnType<typeof createActivityService>;

export function statsService(base: BaseDeps, f: { activity: Activity['catalogue']; stock: Activity['stock'] }) {
  return createStatsService({
    ...depsOf('stats', base),
    catalog: {
      async campaign(corpId, actId) {
        const act = await f.activity.load(corpId, actId);
        if (!act) return null;
        return {
          title: act.row.title,
          startsAt: act.row.starts_at,
          endsAt: act.row.ends_at,
          prizes: act.prizes.map((p) => ({
            id: p.id,
            name: p.name,
            kind: p.kind,
            valueCents: p.value_cents,
            totalStock: p.total_stock,
          })),
        };
      },
      stockLeft: f.stock.stockLeft,
    },
  });
}
