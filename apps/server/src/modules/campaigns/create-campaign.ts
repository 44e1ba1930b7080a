import type { CampaignKind } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { proposeSlot } from './entry-slots';
import * as repo from './repo';
import { type Acting, type CampaignHelpers, type CampaignsDeps, draftColumns } from './shared';
import { template } from './templates';

export type CreateInput = { kind: CampaignKind; title: string; id?: string | undefined };

/** A new campaign from its kind's template, a draft at rev 1 made by the actor. */
export async function createCampaign(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  acting: Acting,
  corp: Corp,
  input: CreateInput,
) {
  const db = deps.database.db;
  const now = deps.clock();
  const id =
    input.id ??
    `c${now.toString(36)}${deps
      .randomInt(36 ** 4)
      .toString(36)
      .padStart(4, '0')}`;
  if ((await repo.getCampaign(db, corp.id, id)) || (await deps.live.record(corp.id, id))) {
    throw new AppError('CAMPAIGN_EXISTS');
  }
  const draft = template(input.kind, input.title, now);
  // A staff list starts as the list is now: the operator changes its clerks, and the console roles are kept.
  if (draft.kind === 'staffList') draft.staffList = await deps.staff.members(corp.id);
  // A game starts on a free entry slot: its type's default when free over its window, else the next (ADR 0383).
  const slot = await proposeSlot(db, corp.id, id, draft, now);
  if (slot) draft.slot = slot;
  const by = acting.actor.id;
  await db.transaction().execute(async (tx) => {
    await repo.insertCampaign(own('campaigns', tx), {
      corp_id: corp.id,
      id,
      kind: input.kind,
      state: 'draft',
      revision_state: null,
      draft: JSON.stringify(draft),
      draft_rev: 1,
      live: null,
      version: null,
      maker: by,
      editors: JSON.stringify([by]),
      round: 0,
      approvals_needed: 1,
      submitted_at: null,
      submitted_by: null,
      ...draftColumns(draft),
      title: input.title,
      created_at: now,
      updated_at: now,
      updated_by: by,
    });
    await h.audit(handOver(tx), acting, corp.id, 'campaign.create', id, null, {
      kind: input.kind,
      title: input.title,
    });
  });
  return { id, rev: 1 };
}
