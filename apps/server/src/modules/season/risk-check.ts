import { AppError } from '../../platform/errors';
import {
  attemptOf,
  type FailPolicy,
  judge,
  type RiskAttempt,
  type RiskEnginePort,
  type RiskVerdict,
} from '../../platform/risk-port';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { SeasonServiceDeps } from './deps';
import type { SeasonActivity } from './ports';
import * as repo from './repo';

/**
 * A customer's own credit of a risk-checked season's task (sign-in, visit) is judged before it counts (issue 35,
 * ADR 0060): block refuses (RISK_REFUSED, appealable), step-up asks for a fresh SMS sign-in, and hold and degrade
 * refuse like block (a task's points have no unit a reviewer could hold, nor a consolation). A refusal's decision
 * is stored on its own; the decision that lets a credit through is recorded with it (basics.credit).
 */
export async function judgeCredit(
  deps: SeasonServiceDeps,
  corp: Corp,
  user: RequestUser,
  act: Pick<SeasonActivity, 'riskChecked' | 'riskFailPolicy'> & { actId: string },
  ip: string,
  now: number,
): Promise<RiskVerdict | undefined> {
  if (!deps.risk || !act.riskChecked) return undefined;
  const failPolicy = act.riskFailPolicy;
  const attempt = attemptOf(user, {
    corpId: corp.id,
    actId: act.actId,
    ip,
    deviceId: null,
    grayFlag: null,
    now,
    failPolicy,
  });
  const verdict = await judge(deps.risk, user, attempt);
  if (verdict.action === 'hold' || verdict.action === 'degrade') {
    await deps.risk.store(verdict);
    throw new AppError('RISK_REFUSED');
  }
  return verdict;
}

/** How many customers a settlement judges at once. */
const JUDGED_AT_ONCE = 200;

/**
 * Customers judged without a session of theirs (an inviter credited for an invite, a season's winners): the
 * attempt carries what the season can read of them (auth's app_user view: mobile, sign-up time), no address,
 * device or sign-in. The decisions are made a slice at a time (a slice shares a turn of the engine's counters; a
 * season may have thousands of winners) and are not stored here.
 */
export async function judgeCustomers(
  deps: Pick<SeasonServiceDeps, 'database'> & { risk: RiskEnginePort },
  corpId: string,
  actId: string,
  userIds: string[],
  now: number,
  failPolicy: FailPolicy | null = null,
): Promise<Map<string, RiskVerdict>> {
  const judged = new Map<string, RiskVerdict>();
  for (let i = 0; i < userIds.length; i += JUDGED_AT_ONCE) {
    const slice = userIds.slice(i, i + JUDGED_AT_ONCE);
    const known = new Map((await repo.customersOf(deps.database.db, corpId, slice)).map((c) => [c.id, c]));
    const verdicts = await Promise.all(
      slice.map((userId) => {
        const c = known.get(userId);
        const attempt: RiskAttempt = {
          corpId,
          actId,
          userId,
          ip: '',
          deviceId: null,
          mobile: c?.mobile ?? null,
          signedUpAt: c ? Number(c.created_at) : null,
          sessionStartedAt: null,
          loginMethod: '',
          grayFlag: null,
          now,
          failPolicy,
        };
        return deps.risk.decide(attempt, null);
      }),
    );
    slice.forEach((userId, j) => {
      const v = verdicts[j];
      if (v) judged.set(userId, v);
    });
  }
  return judged;
}
