import type { SeasonDeps } from './deps';
import * as repo from './repo';
import { judgeCustomers } from './risk-check';

/**
 * The shape of the offers module's InviteTaskPort: a counted invite credits the inviter's invite task in
 * every season of the corp live at `at`, once per invitee (the ledger's period is the invitee). In a
 * risk-checked season the inviter is judged first (ADR 0060): only an allow credits, recorded with the credit;
 * any other action (the inviter is not there to sign in again or to be held) credits nothing and is stored.
 */
export async function creditInvite(
  deps: SeasonDeps,
  corpId: string,
  inviterUserId: string,
  inviteeUserId: string,
  at: number,
): Promise<void> {
  for (const s of await repo.corpSeasons(deps.database.db, corpId)) {
    if (s.settled_at !== null || at < s.starts_at || at >= s.ends_at) continue;
    const tasks = s.tasks.filter((x) => x.kind === 'invite');
    if (tasks.length === 0) continue;
    const { risk } = deps;
    const act = risk ? await deps.activities.visible(corpId, s.act_id) : null;
    const judged =
      risk && act?.riskChecked
        ? (await judgeCustomers({ ...deps, risk }, corpId, s.act_id, [inviterUserId], at, act.riskFailPolicy)).get(
            inviterUserId,
          )
        : undefined;
    if (judged && judged.action !== 'allow') {
      await risk?.store(judged);
      deps.log.info({ corpId, actId: s.act_id, decisionId: judged.decisionId }, 'an invite credit refused by risk');
      continue;
    }
    for (const [i, t] of tasks.entries()) {
      // The decision is recorded once, with the first of the season's invite tasks it let through.
      const verdict = i === 0 ? judged : undefined;
      await deps.basics.credit(corpId, s.act_id, inviterUserId, t, at, { inviteeId: inviteeUserId, verdict });
    }
  }
}
