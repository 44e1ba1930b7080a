import type { CampaignDraft, CampaignKind, CampaignState, RevisionState } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { diffDrafts } from './diff';
import { publishApproved } from './publish';
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
import { template } from './templates';

const EDITABLE: readonly CampaignState[] = ['draft', 'submitted', 'changes_requested', 'rejected'];
const REVISABLE: readonly (RevisionState | null)[] = [null, 'draft', 'submitted', 'changes_requested', 'rejected'];

/** Before → after of a draft change, compact: only the changed paths. */
export function changeRecord(before: CampaignDraft | null, after: CampaignDraft) {
  const changes = diffDrafts(before, after);
  return {
    before: Object.fromEntries(changes.map((c) => [c.path, c.before])),
    after: Object.fromEntries(changes.map((c) => [c.path, c.after])),
  };
}

/** Making a campaign: create from a template, save over a rev, submit, and the approvers' reviews. */
export function createLifecycle(deps: CampaignsDeps, h: CampaignHelpers) {
  const db = deps.database.db;
  const { clock } = deps;

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

  return {
    async create(acting: Acting, corp: Corp, input: { kind: CampaignKind; title: string; id?: string | undefined }) {
      const now = clock();
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
    },

    /** Save over `baseRev`; someone saved since → 409 with both versions. A live campaign gets a revision. */
    async save(acting: Acting, corp: Corp, input: { id: string; draft: CampaignDraft; baseRev: number }) {
      const row = await h.load(corp.id, input.id);
      if (input.draft.kind !== row.kind) {
        throw new AppError('CAMPAIGN_INVALID', undefined, {
          fields: { kind: acting.locale === 'zh-CN' ? '活动类型不能更改' : 'the kind cannot change' },
        });
      }
      const shape = shapeProblems(input.draft, acting.locale);
      if (Object.keys(shape).length) throw new AppError('CAMPAIGN_INVALID', undefined, { fields: shape });
      if (input.baseRev !== row.draft_rev) throw stale(row, input.draft, await h.names(corp.id, [row.maker]));
      const now = clock();
      const state = stateNow(row, now);
      const published = isPublished(state);
      if (!published && !EDITABLE.includes(state)) throw new AppError('CAMPAIGN_STATE');
      if (published && !REVISABLE.includes(row.revision_state as RevisionState | null))
        throw new AppError('CAMPAIGN_STATE');
      const by = acting.actor.id;
      const editors = [...new Set([...(JSON.parse(row.editors) as string[]), by])];
      const before = parseDraft(row.draft);
      const rev = row.draft_rev + 1;
      const ok = await db.transaction().execute(async (tx) => {
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
    },

    /** Submit the saved rev for approval: every check passes first; the policy says how many approvers. */
    async submit(acting: Acting, corp: Corp, input: { id: string; rev: number }) {
      const row = await h.load(corp.id, input.id);
      if (input.rev !== row.draft_rev) throw new AppError('CAMPAIGN_STALE');
      const state = stateNow(row, clock());
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
      const now = clock();
      const next = published ? { revision_state: 'submitted' as const } : { state: 'submitted' as const };
      await db.transaction().execute(async (tx) => {
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
      });
      return {
        state: published ? state : ('submitted' as const),
        revisionState: published ? ('submitted' as const) : null,
      };
    },

    /** An approver's decision on the rev they read; the last of N approvals publishes it. */
    async review(
      acting: Acting,
      corp: Corp,
      input: { id: string; rev: number; decision: 'approve' | 'request_changes' | 'reject'; comment: string },
    ): Promise<{
      state: CampaignState;
      revisionState: RevisionState | null;
      approvalsNeeded: number;
      approvalsGiven: number;
      version: number | null;
    }> {
      const row = await h.load(corp.id, input.id);
      if (input.rev !== row.draft_rev) throw new AppError('CAMPAIGN_REV_CHANGED');
      const now = clock();
      const state = stateNow(row, now);
      const published = isPublished(state);
      const pending = published ? row.revision_state === 'submitted' : state === 'submitted';
      if (!pending) throw new AppError('CAMPAIGN_STATE');
      const by = acting.actor.id;
      if ((JSON.parse(row.editors) as string[]).includes(by) || row.submitted_by === by) {
        throw new AppError('CAMPAIGN_OWN_CHANGE');
      }
      if (input.decision !== 'approve' && input.comment.trim().length < 2)
        throw new AppError('CAMPAIGN_COMMENT_REQUIRED');
      return db.transaction().execute(async (tx) => {
        const t = own('campaigns', tx);
        // Holds the row: simultaneous reviews of one campaign take turns, and the count below sees them all.
        if (
          !(await repo.updateIf(
            t,
            corp.id,
            row.id,
            { rev: row.draft_rev, round: row.round },
            { draft_rev: row.draft_rev },
          ))
        ) {
          throw new AppError('CAMPAIGN_REV_CHANGED');
        }
        const round = (await repo.reviews(t, corp.id, row.id)).filter((r) => r.round === row.round);
        if (round.some((r) => r.reviewer === by)) throw new AppError('CAMPAIGN_ALREADY_REVIEWED');
        await repo.insertReview(t, {
          corp_id: corp.id,
          campaign_id: row.id,
          round: row.round,
          rev: row.draft_rev,
          revision: published ? 1 : 0,
          reviewer: by,
          decision: input.decision,
          comment: input.comment.trim(),
          at: now,
        });
        const given = round.filter((r) => r.decision === 'approve').length + (input.decision === 'approve' ? 1 : 0);
        await h.audit(
          handOver(tx),
          acting,
          corp.id,
          'campaign.review',
          row.id,
          { state, revisionState: row.revision_state },
          {
            rev: row.draft_rev,
            decision: input.decision,
            comment: input.comment.trim(),
            approvalsGiven: given,
            approvalsNeeded: row.approvals_needed,
          },
        );
        const result = { approvalsNeeded: row.approvals_needed, approvalsGiven: given, version: row.version };
        if (input.decision === 'approve' && given < row.approvals_needed) {
          return { ...result, state, revisionState: row.revision_state as RevisionState | null };
        }
        if (input.decision !== 'approve') {
          const to: 'rejected' | 'changes_requested' = input.decision === 'reject' ? 'rejected' : 'changes_requested';
          await repo.updateIf(
            t,
            corp.id,
            row.id,
            { rev: row.draft_rev, round: row.round },
            published ? { revision_state: to } : { state: to },
          );
          return { ...result, state: published ? state : to, revisionState: published ? to : null };
        }
        const done = await publishApproved(deps, h, tx, acting, corp.id, row, state);
        return { ...result, ...done };
      });
    },
  };
}
