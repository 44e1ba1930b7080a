import type { SeasonDeps } from './deps';
import * as repo from './repo';

/**
 * The shape of the offers module's InviteTaskPort: a counted invite credits the inviter's invite task in
 * every season of the corp live at `at`, once per invitee (the ledger's period is the invitee).
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
    for (const t of s.tasks.filter((x) => x.kind === 'invite')) {
      await deps.basics.credit(corpId, s.act_id, inviterUserId, t, at, inviteeUserId);
    }
  }
}
