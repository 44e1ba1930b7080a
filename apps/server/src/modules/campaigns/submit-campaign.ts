import type { CampaignDraft, RevisionState } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { noticeSubmitted } from './notices';
import * as repo from './repo';
import {
  type Acting,
  type CampaignHelpers,
  type CampaignsDeps,
  draftColumns,
  isPublished,
  parseDraft,
  stateNow,
} from './shared';

/** Submit the saved rev for approval: every check passes first; the policy says how many approvers. */
export async function submitCampaign(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  acting: Acting,
  corp: Corp,
  input: { id: string; rev: number },
) {
  const row = await h.load(corp.id, input.id);
  if (input.rev !== row.draft_rev) throw new AppError('CAMPAIGN_STALE');
  const state = stateNow(row, deps.clock());
  const published = isPublished(state);
  const rs = row.revision_state as RevisionState | null;
  if (published ? rs === null || rs === 'submitted' : !['draft', 'changes_requested', 'rejected'].includes(state)) {
    throw new AppError('CAMPAIGN_STATE');
  }
  const draft = parseDraft(row.draft) as CampaignDraft;
  const fields = await h.problems(corp.id, row.id, draft, acting.locale);
  if (published && row.live === row.draft) {
    fields.draft ??= acting.locale === 'zh-CN' ? '与线上版本相同，无需审批' : 'the same as the live version';
  }
  if (Object.keys(fields).length) throw new AppError('CAMPAIGN_INVALID', undefined, { fields });
  const needed = await deps.policy.requiredApprovals(corp.id, Number(draftColumns(draft).budget_cents));
  const now = deps.clock();
  const next = published ? { revision_state: 'submitted' as const } : { state: 'submitted' as const };
  await deps.database.db.transaction().execute(async (tx) => {
    const changed = await repo.updateIf(
      own('campaigns', tx),
      corp.id,
      row.id,
      { rev: row.draft_rev, round: row.round },
      {
        ...next,
        round: row.round + 1,
        approvals_needed: needed,
        submitted_at: now,
        submitted_by: acting.actor.id,
      },
    );
    if (!changed) throw new AppError('CAMPAIGN_STALE');
    await h.audit(
      handOver(tx),
      acting,
      corp.id,
      'campaign.submit',
      row.id,
      { state, revisionState: rs },
      { rev: row.draft_rev, ...next, approvalsNeeded: needed },
    );
    await noticeSubmitted(deps, handOver(tx), corp.id, { ...row, submitted_by: acting.actor.id }, row.round + 1, now);
  });
  return {
    state: published ? state : ('submitted' as const),
    revisionState: published ? ('submitted' as const) : null,
  };
}
