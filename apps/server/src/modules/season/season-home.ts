import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { SeasonDeps } from './deps';
import * as rank from './rank-repo';
import * as repo from './repo';
import { taskViews } from './task-views';

/** The season's home: its dates and status, the participants, the customer's standing and tasks done. */
export async function seasonHome(deps: SeasonDeps, corp: Corp, user: RequestUser, actId: string) {
  const { reader, visibleSeason, statusOf, standing } = deps.basics;
  const { s, act } = await visibleSeason(corp.id, actId);
  const now = deps.clock();
  const [me, count, ledger] = await Promise.all([
    standing(corp.id, actId, user.id),
    rank.participants(reader, corp.id, actId),
    repo.ledgerOf(deps.database.db, corp.id, actId, user.id),
  ]);
  const views = taskViews(s.tasks, ledger, now);
  return {
    actId,
    title: act.row.title,
    subtitle: act.row.subtitle,
    startsAt: s.starts_at,
    endsAt: s.ends_at,
    serverTime: now,
    status: statusOf(s, act, now),
    participants: count,
    me,
    tasksDone: views.filter((v) => v.doneNow).length,
    tasksTotal: views.filter((v) => v.period !== 'perInvitee').length,
  };
}
