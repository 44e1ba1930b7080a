import type { TxExec } from '../../db/tx';
import type { RiskHold } from '../../platform/award-ports';
import { periodOf } from './basics';
import type { SeasonTaskDef } from './definition';
import type { SeasonDeps } from './deps';
import * as repo from './repo';

/**
 * A draw happened in `actId` (a step of the draw's transaction): credits the draw tasks of the seasons
 * live now that name that activity. Most activities feed none: one indexed lookup. A draw the risk engine held
 * (its prize waits for a reviewer) credits no season points (ADR 0060): a hold counts for nothing until reviewed,
 * and the review releases the prize only.
 */
export function* countDraw(
  deps: SeasonDeps,
  x: TxExec,
  a: { corpId: string; userId: string; actId: string; now: number; risk?: RiskHold },
) {
  if (a.risk) return;
  const { ttl, cache } = deps.drawTasks;
  const key = `${a.corpId}|${a.actId}`;
  const hit = cache.get(key);
  let tasks = hit && a.now - hit.at < ttl ? hit.tasks : null;
  if (!tasks) {
    tasks = yield* repo.drawTasks(x, a.corpId, a.actId);
    if (ttl > 0) cache.set(key, { at: a.now, tasks });
  }
  for (const t of tasks) {
    if (a.now < Number(t.starts_at) || a.now >= Number(t.ends_at)) continue;
    yield* repo.credit(x, {
      corp_id: a.corpId,
      act_id: t.act_id,
      user_id: a.userId,
      task_id: t.task_id,
      period: periodOf({ period: t.period as SeasonTaskDef['period'] }, a.now),
      points: t.points,
      created_at: a.now,
    });
  }
}
