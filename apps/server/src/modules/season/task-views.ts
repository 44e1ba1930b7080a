import type { SeasonTask } from '@campaign/contract';
import { periodOf } from './basics';
import type { SeasonTaskDef } from './definition';

/** The season's tasks as the customer sees them: done in this period, and how often in all. */
export function taskViews(
  tasks: readonly SeasonTaskDef[],
  ledger: readonly { task_id: string; period: string }[],
  now: number,
): SeasonTask[] {
  return tasks.map((t) => {
    const mine = ledger.filter((l) => l.task_id === t.id);
    const period = periodOf(t, now);
    return {
      id: t.id,
      kind: t.kind,
      title: t.title,
      points: t.points,
      period: t.period,
      actId: t.actId ?? null,
      seconds: t.seconds ?? null,
      doneNow: t.period !== 'perInvitee' && mine.some((l) => l.period === period),
      timesTotal: mine.length,
    };
  });
}
