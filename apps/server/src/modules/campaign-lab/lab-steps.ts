import { campaignDraftShapeSchema, issueMessage, type Locale } from '@campaign/contract';
import { handOver } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { CampaignLabDeps } from './deps';
import { activityOfDraft, labPrizes } from './draft-file';
import type { Acting } from './ports';

/** Appends one entry in its own transaction (an action that changes nothing of ours but is on the record). */
export async function record(
  deps: CampaignLabDeps,
  { actor, ip }: Acting,
  corpId: string,
  action: string,
  subject: string,
  after: unknown,
) {
  await deps.database.db.transaction().execute(async (tx) => {
    await deps.audit.append(handOver(tx), {
      corpId,
      at: deps.clock(),
      actor,
      ip,
      action,
      subject,
      before: null,
      after,
    });
  });
}

export async function storedDraft(deps: CampaignLabDeps, corpId: string, id: string) {
  const d = await deps.drafts.draftOf(corpId, id);
  if (!d) throw new AppError('CAMPAIGN_NOT_FOUND', id);
  return d;
}

/** The draft's activity and its prize table as the engine reads it; a draft the engine refuses is 422. */
export function activityOrFail(deps: CampaignLabDeps, draft: unknown, corpId: string, id: string) {
  const r = activityOfDraft(draft, corpId, id);
  if ('fields' in r) throw new AppError('CAMPAIGN_LAB_DRAFT_INVALID', Object.keys(r.fields)[0], { fields: r.fields });
  const prizes = labPrizes(r.activity);
  const problems = deps.engine.validatePrizeTable(prizes);
  if (problems.length) {
    const fields = Object.fromEntries(problems.map((p) => [`activity.prizes.${p.prizeId ?? ''}`, p.message]));
    throw new AppError('CAMPAIGN_LAB_DRAFT_INVALID', problems[0]?.message, { fields });
  }
  return { activity: r.activity, prizes };
}

/** An unsaved draft checked against the contract's draft schema, the messages in the operator's language. */
export function draftShapeOrFail(draft: unknown, locale: Locale = 'zh-CN') {
  const r = campaignDraftShapeSchema.safeParse(draft);
  if (r.success) return;
  const fields: Record<string, string> = {};
  for (const i of r.error.issues) fields[i.path.map(String).join('.') || 'draft'] ??= issueMessage(i, locale);
  throw new AppError('CAMPAIGN_LAB_DRAFT_INVALID', Object.values(fields)[0], { fields });
}
