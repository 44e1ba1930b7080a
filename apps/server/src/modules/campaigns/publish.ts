import type { CampaignDraft, CampaignState } from '@campaign/contract';
import type { Transaction } from 'kysely';
import { handOver, own, type TablesOf } from '../../db/owners';
import { AppError } from '../../platform/errors';
import { diffDrafts } from './diff';
import { fileOf } from './file';
import * as repo from './repo';
import { type Acting, type CampaignHelpers, type CampaignsDeps, isPublished, parseDraft } from './shared';

/**
 * The last approval publishes, in the approval's transaction: the draft passes every check again, goes out
 * through the campaign file's import (a new activity version when its rules or odds changed; draws keep the
 * version they were made under), and becomes what is live. A first publication is scheduled, or live at once.
 */
export async function publishApproved(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  tx: Transaction<TablesOf<'campaigns'>>,
  acting: Acting,
  corpId: string,
  row: repo.CampaignRowDb,
  state: CampaignState,
): Promise<{ state: CampaignState; revisionState: null; version: number | null }> {
  const now = deps.clock();
  const t = own('campaigns', tx);
  const draft = parseDraft(row.draft) as CampaignDraft;
  const fields = await h.problems(corpId, row.id, draft, acting.locale, t);
  if (Object.keys(fields).length) throw new AppError('CAMPAIGN_INVALID', undefined, { fields });
  const published = isPublished(state);
  const versions = await deps.file.publish(
    handOver(tx),
    fileOf(corpId, row.id, draft, { paused: state === 'paused', whiteList: true, pools: true }),
    now,
  );
  const version = versions.find((v) => v.actId === row.id)?.version ?? row.version;
  const startsAt = row.starts_at === null ? null : Number(row.starts_at);
  const next: CampaignState = published ? state : startsAt !== null && now < startsAt ? 'scheduled' : 'live';
  const ok = await repo.updateIf(
    t,
    corpId,
    row.id,
    { rev: row.draft_rev, round: row.round },
    {
      live: row.draft,
      version,
      state: next,
      revision_state: null,
      editors: '[]',
      updated_at: now,
      updated_by: acting.actor.id,
    },
  );
  if (!ok) throw new AppError('CAMPAIGN_REV_CHANGED');
  const changes = diffDrafts(parseDraft(row.live), draft).length;
  await h.audit(
    handOver(tx),
    acting,
    corpId,
    'campaign.publish',
    row.id,
    { state, version: row.version },
    { state: next, version, rev: row.draft_rev, changes },
  );
  if (KIND_HAS_ACTIVITY(draft)) deps.live.forget(corpId, row.id);
  return { state: next, revisionState: null, version };
}

const KIND_HAS_ACTIVITY = (d: CampaignDraft) => d.activity !== undefined;
