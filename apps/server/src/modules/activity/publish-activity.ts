import sanitizeHtml from 'sanitize-html';
import type { Own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { ActivityContext } from './context';
import type { ActivityDef } from './definition';
import { prizeRow, publicationProblems, RULES_HTML, termsSnapshot } from './publication-rules';
import * as repo from './repo';

/** The activity's columns a publication writes as they are in the definition. */
function commonColumns(def: ActivityDef) {
  return {
    group_id: def.group ?? null,
    type: def.type,
    title: def.title,
    subtitle: def.subtitle,
    state: def.state,
    starts_at: def.startsAt,
    ends_at: def.endsAt,
    page_config: JSON.stringify(def.page),
    chances_per_day: def.chances.perDay,
    chances_per_activity: def.chances.perActivity,
    eligibility: JSON.stringify(def.eligibility),
    address_window_days: def.claim.addressWindowDays,
    coupon_valid_days: def.claim.couponValidDays,
    coupon_rules: JSON.stringify(def.claim.couponRules),
  };
}

/** A definition made ready to write: its sanitized rules, prize rows and the terms a version freezes. */
interface Prepared {
  rulesHtml: string;
  prizeRows: repo.PrizeRow[];
  snapshot: string;
  common: ReturnType<typeof commonColumns>;
}

/** Create or update an activity from its definition, applying the publication rules. */
export async function publishActivity(
  ctx: ActivityContext,
  def: ActivityDef,
  now: number,
  ex: Own<'activity'> = ctx.db,
) {
  const problems = publicationProblems(def, ctx.drawRules);
  if (problems.length) throw new AppError('PUBLISH_REFUSED', problems.join('; '));
  const existing = await repo.getActivity(ex, def.corp, def.id);
  const rulesHtml = sanitizeHtml(def.rules, RULES_HTML);
  const prizeRows = def.prizes.map((p, i) => prizeRow(def, p, i));
  const snapshot = termsSnapshot(prizeRows);
  const common = commonColumns(def);
  const prepared: Prepared = { rulesHtml, prizeRows, snapshot, common };
  if (!existing) return firstPublication(ctx, ex, def, prepared, now);
  return nextPublication(ctx, ex, def, existing, prepared, now);
}

/** A new activity: its first version, its prizes and their stock spread. */
async function firstPublication(
  { drawRules, buckets }: ActivityContext,
  ex: Own<'activity'>,
  def: ActivityDef,
  { rulesHtml, prizeRows, snapshot, common }: Prepared,
  now: number,
) {
  const seed = drawRules.newSeed();
  const published = def.state !== 'draft';
  await repo.insertActivity(ex, {
    corp_id: def.corp,
    id: def.id,
    ...common,
    rules_html: rulesHtml,
    seed,
    commitment: drawRules.commitment(seed),
    version: 1,
    version_published_at: published ? now : null,
    revealed_at: null,
    created_at: now,
  });
  for (const p of prizeRows) await repo.upsertPrize(ex, p, false);
  await buckets.spread(ex, prizeRows);
  await repo.insertVersion(ex, {
    corp_id: def.corp,
    act_id: def.id,
    version: 1,
    published_at: now,
    rules_html: rulesHtml,
    prizes: snapshot,
  });
  return { actId: def.id, version: 1, created: true };
}

/** An activity already there: a new version when published terms change, the stock restocked. */
async function nextPublication(
  { buckets, cache }: ActivityContext,
  ex: Own<'activity'>,
  def: ActivityDef,
  existing: NonNullable<Awaited<ReturnType<typeof repo.getActivity>>>,
  { rulesHtml, prizeRows, snapshot, common }: Prepared,
  now: number,
) {
  if (buckets.maxBuckets) await repo.gatherStock(ex, def.corp, def.id);
  const oldPrizes = await repo.getPrizes(ex, def.corp, def.id);
  const oldSnapshot = termsSnapshot(oldPrizes);
  const changedTerms = existing.rules_html !== rulesHtml || oldSnapshot !== snapshot;
  const wasPublished = existing.state !== 'draft' && existing.version_published_at !== null;
  // Rules and odds of a published activity are frozen: a change is a new version, shown with its time.
  const version = wasPublished && changedTerms ? existing.version + 1 : existing.version;
  await repo.updateActivity(ex, def.corp, def.id, {
    ...common,
    rules_html: rulesHtml,
    version,
    version_published_at:
      def.state === 'draft'
        ? existing.version_published_at
        : version !== existing.version || !wasPublished
          ? now
          : existing.version_published_at,
  });
  const old = new Map(oldPrizes.map((p) => [p.id, p]));
  const restocked: repo.PrizeRow[] = [];
  for (const p of prizeRows) {
    const prev = old.get(p.id);
    // Restocking keeps what was already given out: left moves by the change of the total.
    const issued =
      prev && prev.total_stock !== null && prev.left_stock !== null ? prev.total_stock - prev.left_stock : 0;
    const left = p.total_stock === null ? null : Math.max(0, p.total_stock - issued);
    await repo.upsertPrize(ex, { ...p, left_stock: left }, Boolean(prev));
    restocked.push({ ...p, left_stock: left });
  }
  await buckets.spread(ex, restocked);
  await repo.deletePrizesExcept(
    ex,
    def.corp,
    def.id,
    prizeRows.map((p) => p.id),
  );
  const versionRow = {
    corp_id: def.corp,
    act_id: def.id,
    version,
    published_at: now,
    rules_html: rulesHtml,
    prizes: snapshot,
  };
  if (version !== existing.version) await repo.insertVersion(ex, versionRow);
  else if (!wasPublished) await repo.replaceVersions(ex, versionRow);
  cache.forget(def.corp, def.id);
  return { actId: def.id, version, created: false };
}
