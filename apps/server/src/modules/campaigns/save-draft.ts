import type { CampaignDraft, CampaignState, RevisionState } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { diffDrafts } from './diff';
import * as repo from './repo';
import { shapeProblems } from './shape';
import {
  type Acting,
  type CampaignHelpers,
  type CampaignsDeps,
  draftColumns,
  isPublished,
  parseDraft,
  stateNow,
} from './shared';

const EDITABLE: readonly CampaignState[] = ['draft', 'submitted', 'changes_requested', 'rejected'];
const REVISABLE: readonly (RevisionState | null)[] = [null, 'draft', 'submitted', 'changes_requested', 'rejected'];

export type SaveInput = { id: string; draft: CampaignDraft; baseRev: number };

/**
 * Before → after of a draft change, compact: only the changed paths, and each path's label as the approver's
 * diff reads it (「一等奖」 for `prizes.0`), so the audit trail names the prize and not its row number.
 */
export function changeRecord(before: CampaignDraft | null, after: CampaignDraft) {
  const changes = diffDrafts(before, after);
  return {
    before: Object.fromEntries(changes.map((c) => [c.path, c.before])),
    after: {
      ...Object.fromEntries(changes.map((c) => [c.path, c.after])),
      labels: Object.fromEntries(changes.map((c) => [c.path, c.label])),
    },
  };
}

function stale(row: repo.CampaignRowDb, mine: CampaignDraft, names: Map<string, string>) {
  return new AppError('CAMPAIGN_STALE', undefined, {
    extra: {
      conflict: {
        mine,
        theirs: JSON.parse(row.draft),
        theirsRev: row.draft_rev,
        theirsBy: { id: row.maker, name: names.get(row.maker) ?? row.maker },
      },
    },
  });
}

/** Save over `baseRev`; someone saved since → 409 with both versions. A live campaign gets a revision. */
export async function saveDraft(deps: CampaignsDeps, h: CampaignHelpers, acting: Acting, corp: Corp, input: SaveInput) {
  const row = await h.load(corp.id, input.id);
  if (input.draft.kind !== row.kind) {
    throw new AppError('CAMPAIGN_INVALID', undefined, {
      fields: { kind: acting.locale === 'zh-CN' ? '活动类型不能更改' : 'the kind cannot change' },
    });
  }
  const shape = shapeProblems(input.draft, acting.locale);
  if (Object.keys(shape).length) throw new AppError('CAMPAIGN_INVALID', undefined, { fields: shape });
  if (input.baseRev !== row.draft_rev) throw stale(row, input.draft, await h.names(corp.id, [row.maker]));
  const now = deps.clock();
  const state = stateNow(row, now);
  const published = isPublished(state);
  if (!published && !EDITABLE.includes(state)) throw new AppError('CAMPAIGN_STATE');
  if (published && !REVISABLE.includes(row.revision_state as RevisionState | null))
    throw new AppError('CAMPAIGN_STATE');
  const by = acting.actor.id;
  const editors = [...new Set([...(JSON.parse(row.editors) as string[]), by])];
  const before = parseDraft(row.draft);
  const rev = row.draft_rev + 1;
  const ok = await deps.database.db.transaction().execute(async (tx) => {
    const changed = await repo.updateIf(
      own('campaigns', tx),
      corp.id,
      row.id,
      { rev: row.draft_rev, round: row.round },
      {
        draft: JSON.stringify(input.draft),
        draft_rev: rev,
        maker: by,
        editors: JSON.stringify(editors),
        ...draftColumns(input.draft),
        ...(published ? { revision_state: 'draft' } : { state: 'draft' }),
        updated_at: now,
        updated_by: by,
      },
    );
    if (!changed) return false;
    const rec = changeRecord(before, input.draft);
    await h.audit(
      handOver(tx),
      acting,
      corp.id,
      'campaign.save',
      row.id,
      { rev: row.draft_rev, ...rec.before },
      { rev, ...rec.after },
    );
    return true;
  });
  if (!ok) {
    const now2 = await h.load(corp.id, input.id);
    throw stale(now2, input.draft, await h.names(corp.id, [now2.maker]));
  }
  return { rev };
}
