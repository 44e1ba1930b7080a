import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { SeasonDeps } from './deps';
import { judgeCredit } from './risk-check';

/** A visit token is good for this long after its seconds have passed (then the page must be opened again). */
const VISIT_TOKEN_GRACE_MS = 30 * 60_000;

/**
 * The visit task, credited when the sealed start time says the page was open long enough and, in a risk-checked
 * season, when the risk engine lets it through (risk-check.ts).
 */
export async function finishVisit(
  deps: SeasonDeps,
  corp: Corp,
  user: RequestUser,
  actId: string,
  taskId: string,
  token: string,
  ip = '',
) {
  const { season, task, creditTask } = deps.basics;
  const s = await season(corp.id, actId);
  const t = task(s, taskId, 'visit');
  const opened = deps.sealer.open(corp.id, token);
  let started: number | null = null;
  try {
    const v = opened ? (JSON.parse(opened) as Record<string, unknown>) : null;
    if (v && v.a === actId && v.t === taskId && v.u === user.id && typeof v.s === 'number') started = v.s;
  } catch {
    started = null;
  }
  const now = deps.clock();
  const need = (t.seconds ?? 0) * 1000;
  if (started === null || now - started > need + VISIT_TOKEN_GRACE_MS) throw new AppError('SEASON_VISIT_TOKEN');
  if (now - started < need) {
    const left = Math.ceil((need - (now - started)) / 1000);
    throw new AppError('SEASON_VISIT_TOO_SOON', { 'zh-CN': `还需浏览 ${left} 秒`, 'en-US': `${left} s to go` });
  }
  const act = await deps.activities.admit(corp, user, actId);
  const verdict = await judgeCredit(deps, corp, user, { ...act, actId }, ip, now);
  return creditTask(corp.id, actId, user.id, t, now, { verdict });
}
