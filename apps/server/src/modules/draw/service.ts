import type { ActivityDetail, DrawResult, PageConfig, PublicPrize } from '@campaign/contract';
import sanitizeHtml from 'sanitize-html';
import type { Executor } from '../../db';
import { type Step, type TxExec, transact } from '../../db/tx';
import { memberCgroups } from '../../platform/cgroups';
import { newSortableId, sha256Hex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { ActivityDef, Eligibility, GroupDef, PrizeDef } from './definition';
import { consolationPrizeId, drawOutcome, type PrizeConfig, validatePrizeTable, verifyDraws } from './engine';
import { commitment, newSeed } from './fairness';
import { oddsTable } from './odds';
import * as repo from './repo';
import type { RiskHook } from './risk';
import { campaignDay, effectiveStatus } from './status';

/** PRC Anti-Unfair Competition Law: a lottery-style prize may be worth at most ¥50,000. */
export const MAX_LOTTERY_PRIZE_CENTS = 50_000 * 100;
export const FAIRNESS_ALGORITHM =
  'roll = HMAC-SHA256(seed, "<userId>:d<drawIndex>") mapped to [0, total weight) by rejection sampling; ' +
  'the prize is the one whose cumulative weight interval holds the roll; commitment = SHA-256(seed)';

const RULES_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'span',
    'small',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { span: ['class'], td: ['colspan'], th: ['colspan'] },
};

interface LoadedActivity {
  row: repo.ActivityRow;
  prizes: repo.PrizeRow[];
  byId: Map<string, repo.PrizeRow>;
  configs: PrizeConfig[];
  consolationId: string;
  eligibility: Eligibility;
  page: PageConfig;
  hasCaps: boolean;
}

export interface DrawRequest {
  actId: string;
  idemKey: string;
  via: 'lottery' | 'rocc';
  ip: string;
  deviceId: string | null;
  grayFlag: 0 | 1 | null;
  nuid: string;
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || (typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT'));
};

const toConfig = (
  p: Pick<repo.PrizeRow, 'id' | 'weight' | 'tiers' | 'unlock_after_draws' | 'consolation'>,
): PrizeConfig => ({
  id: p.id,
  weight: p.weight,
  tiers: JSON.parse(p.tiers),
  unlockAfterDraws: p.unlock_after_draws,
  consolation: p.consolation === 1,
});

export function createDrawService(deps: ServiceDeps & { riskHook: RiskHook }) {
  const db = deps.database.db;
  const { clock } = deps;
  // Activity definitions are read on every draw and change only by publication: cache them briefly.
  // Stock is never taken from the cache: the conditional decrement in SQL decides.
  const cacheTtl = deps.config.env === 'test' ? 0 : 1_000;
  const cache = new Map<string, { at: number; act: LoadedActivity }>();
  const inFlight = new Set<string>();

  async function load(ex: Executor, corpId: string, actId: string): Promise<LoadedActivity | null> {
    const key = `${corpId}|${actId}`;
    const now = clock();
    const hit = cache.get(key);
    if (hit && now - hit.at < cacheTtl) return hit.act;
    const row = await repo.getActivity(ex, corpId, actId);
    if (!row) return null;
    const prizes = await repo.getPrizes(ex, corpId, actId);
    const configs = prizes.map(toConfig);
    const act: LoadedActivity = {
      row,
      prizes,
      byId: new Map(prizes.map((p) => [p.id, p])),
      configs,
      consolationId: consolationPrizeId(configs),
      eligibility: JSON.parse(row.eligibility),
      page: JSON.parse(row.page_config),
      hasCaps: prizes.some((p) => p.per_user_cap !== null),
    };
    if (cacheTtl > 0) cache.set(key, { at: now, act });
    return act;
  }

  async function visible(corpId: string, actId: string): Promise<LoadedActivity> {
    const act = await load(db, corpId, actId);
    if (!act || act.row.state === 'draft') throw new AppError('ACTIVITY_NOT_FOUND');
    return act;
  }

  function publicPrizes(act: LoadedActivity): PublicPrize[] {
    const odds = new Map(oddsTable(act.configs, 0).map((o) => [o.id, o]));
    return act.prizes.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      image: p.image,
      valueCents: p.value_cents,
      totalStock: p.total_stock,
      perUserCap: p.per_user_cap,
      unlockAfterDraws: p.unlock_after_draws,
      weight: p.weight,
      probability: odds.get(p.id)?.probability ?? 0,
      percentText: odds.get(p.id)?.percentText ?? '0.00%',
      consolation: p.consolation === 1,
    }));
  }

  function chancesLeft(act: LoadedActivity, stat: repo.StatRow | undefined, now: number) {
    const today = campaignDay(now);
    const total = stat?.draws_total ?? 0;
    const day = stat && stat.day === today ? stat.draws_day : 0;
    const extra = stat?.extra_chances ?? 0;
    const perAct = act.row.chances_per_activity;
    const perDay = act.row.chances_per_day;
    const leftAct = perAct === null ? null : Math.max(0, perAct + extra - total);
    const leftDay = perDay === null ? null : Math.max(0, perDay + (perAct === null ? extra : 0) - day);
    const left = Math.min(leftAct ?? Number.MAX_SAFE_INTEGER, leftDay ?? Number.MAX_SAFE_INTEGER);
    return { left, leftDay, total, day, today };
  }

  async function checkEligible(corp: Corp, user: RequestUser, act: LoadedActivity) {
    const e = act.eligibility;
    if (e.whiteListOnly && !corp.whiteListed) throw new AppError('NOT_ELIGIBLE');
    if (e.blacklist.includes(user.nuid)) throw new AppError('NOT_ELIGIBLE');
    if (e.cgroupIds.length && (await memberCgroups(db, corp.id, user.id, e.cgroupIds)).length === 0) {
      throw new AppError('NOT_ELIGIBLE');
    }
    if (e.newCustomersSince !== null) {
      const joined = await repo.userCreatedAt(db, corp.id, user.id);
      if (joined === null || joined < e.newCustomersSince) throw new AppError('NOT_ELIGIBLE');
    }
  }

  function assertOpen(act: LoadedActivity, now: number) {
    const status = effectiveStatus(act.row, now);
    if (status === 'scheduled') throw new AppError('ACTIVITY_NOT_STARTED');
    if (status === 'ended') throw new AppError('ACTIVITY_ENDED');
    if (status === 'paused') throw new AppError('ACTIVITY_PAUSED');
    if (status === 'draft') throw new AppError('ACTIVITY_NOT_FOUND');
  }

  function toResult(act: LoadedActivity, draw: repo.DrawRow, award: repo.AwardRow | null, chances: number): DrawResult {
    const prizeIndex = act.prizes.findIndex((p) => p.id === draw.awarded_prize_id);
    const prize = act.prizes[prizeIndex];
    if (!prize) throw new Error(`draw ${draw.id} refers to a missing prize`);
    return {
      drawId: draw.id,
      actId: draw.act_id,
      drawIndex: draw.draw_index,
      prize: { id: prize.id, name: prize.name, kind: prize.kind, image: prize.image, valueCents: prize.value_cents },
      prizeIndex,
      award: award
        ? {
            awardId: award.id,
            status: award.status,
            couponCode: award.coupon_code,
            points: award.points,
            orderId: award.order_id,
          }
        : null,
      fallback: draw.fallback_reason !== null,
      chancesLeft: chances,
      rollHex: draw.roll_hex,
      createdAt: draw.created_at,
    };
  }

  /** The stored result of an earlier draw (a replayed idempotency key). */
  async function resultOf(corpId: string, draw: repo.DrawRow, chances: number): Promise<DrawResult> {
    const act = await load(db, corpId, draw.act_id);
    if (!act) throw new Error(`draw ${draw.id} refers to a missing activity`);
    return toResult(act, draw, (await repo.getAwardByDraw(db, corpId, draw.id)) ?? null, chances);
  }

  /** One transaction: chances → pick → conditional stock decrement → draw + award rows under the key. */
  function* drawTx(
    x: TxExec,
    corp: Corp,
    user: RequestUser,
    act: LoadedActivity,
    req: DrawRequest,
    requestHash: string,
  ): Step<DrawResult> {
    const now = clock();
    const stat = yield* repo.statInTx(x, corp.id, act.row.id, user.id);
    const c = chancesLeft(act, stat, now);
    if (c.left <= 0) throw new AppError('NO_CHANCES');
    const wins = act.hasCaps ? yield* repo.userWins(x, corp.id, act.row.id, user.id) : new Map<string, number>();
    const byId = act.byId;
    const drawIndex = c.total;
    const nonce = `d${drawIndex}`;
    const outcome = drawOutcome({
      prizes: act.configs,
      drawIndex,
      seedHex: act.row.seed,
      userId: user.id,
      drawNonce: nonce,
      // Per-user caps are decided here; stock is decided once, by the conditional decrement below.
      isAvailable: (id) => {
        const p = byId.get(id);
        return p !== undefined && (p.per_user_cap === null || (wins.get(id) ?? 0) < p.per_user_cap);
      },
    });
    let awardedId = outcome.awardedPrizeId;
    let fallback: string | null = outcome.fallbackReason;
    const picked = byId.get(awardedId);
    if (picked && awardedId !== act.consolationId && picked.total_stock !== null) {
      // Sold out (or lost the race for the last unit): the consolation prize, never an oversell.
      if (!(yield* repo.takeStock(x, corp.id, act.row.id, awardedId))) {
        awardedId = act.consolationId;
        fallback = 'unavailable';
      }
    }
    const draw: repo.DrawRow = {
      id: newSortableId(),
      corp_id: corp.id,
      act_id: act.row.id,
      user_id: user.id,
      version: act.row.version,
      draw_index: drawIndex,
      nonce,
      idem_key: req.idemKey,
      request_hash: requestHash,
      picked_prize_id: outcome.pickedPrizeId,
      awarded_prize_id: awardedId,
      fallback_reason: fallback,
      roll_hex: outcome.rollHex,
      day: c.today,
      created_at: now,
    };
    yield* repo.insertDraw(x, draw);
    yield* repo.saveStat(x, {
      corp_id: corp.id,
      act_id: act.row.id,
      user_id: user.id,
      draws_total: c.total + 1,
      day: c.today,
      draws_day: c.day + 1,
      extra_chances: stat?.extra_chances ?? 0,
    });
    const prize = byId.get(awardedId);
    const awarded = prize ? yield* award(x, corp.id, user.id, draw, prize, now) : null;
    return toResult(act, draw, awarded, c.left - 1);
  }

  /** Coupon: a CSPRNG code; points: credited to the ledger; physical: an order awaiting an address. */
  function* award(
    x: TxExec,
    corpId: string,
    userId: string,
    draw: repo.DrawRow,
    p: repo.PrizeRow,
    now: number,
  ): Step<repo.AwardRow | null> {
    if (p.kind === 'thanks') return null;
    const row: repo.AwardRow = {
      id: newSortableId(),
      corp_id: corpId,
      act_id: draw.act_id,
      draw_id: draw.id,
      user_id: userId,
      prize_id: p.id,
      kind: p.kind,
      status: p.kind === 'physical' ? 'awaiting_address' : 'issued',
      coupon_code: p.kind === 'coupon' ? couponCode(deps.randomBytes(18)) : null,
      points: p.kind === 'points' ? (p.points ?? 0) : null,
      order_id: p.kind === 'physical' ? newSortableId() : null,
      created_at: now,
      updated_at: now,
    };
    yield* repo.insertAward(x, row);
    if (row.points !== null) {
      yield* repo.creditPoints(x, {
        corp_id: corpId,
        user_id: userId,
        delta: row.points,
        reason: 'draw',
        ref: draw.id,
        created_at: now,
      });
    }
    if (row.order_id !== null) {
      yield* repo.createOrder(x, {
        id: row.order_id,
        corp_id: corpId,
        user_id: userId,
        award_id: row.id,
        created_at: now,
      });
    }
    return row;
  }

  async function currentChances(corpId: string, act: LoadedActivity, userId: string) {
    return chancesLeft(act, await repo.getStat(db, corpId, act.row.id, userId), clock()).left;
  }

  return {
    async detail(corp: Corp, actId: string): Promise<ActivityDetail> {
      const act = await visible(corp.id, actId);
      const now = clock();
      const status = effectiveStatus(act.row, now);
      return {
        actId: act.row.id,
        actGroupId: act.row.group_id,
        type: act.row.type,
        title: act.row.title,
        subtitle: act.row.subtitle,
        status,
        startsAt: act.row.starts_at,
        endsAt: act.row.ends_at,
        rulesHtml: act.row.rules_html,
        version: act.row.version,
        versionPublishedAt: act.row.version_published_at,
        chancesPerDay: act.row.chances_per_day,
        chancesPerActivity: act.row.chances_per_activity,
        prizes: publicPrizes(act),
        fairness: {
          commitment: act.row.commitment,
          seed: status === 'ended' ? act.row.seed : null,
          algorithm: FAIRNESS_ALGORITHM,
        },
        page: act.page,
      };
    },

    async surplus(corp: Corp, user: RequestUser | null, actId: string) {
      const act = await visible(corp.id, actId);
      if (!user) return null;
      const c = chancesLeft(act, await repo.getStat(db, corp.id, actId, user.id), clock());
      const stock = await repo.stockLeft(db, corp.id, actId);
      return {
        chancesLeft: c.left,
        chancesLeftToday: c.leftDay,
        drawsMade: c.total,
        prizes: stock.map((s) => ({ prizeId: s.id, left: s.left_stock })),
      };
    },

    async joinDate(corp: Corp, user: RequestUser, actId: string) {
      const act = await visible(corp.id, actId);
      const joinedAt = (await repo.userCreatedAt(db, corp.id, user.id)) ?? 0;
      const since = act.eligibility.newCustomersSince;
      return { joinedAt, newCustomer: since === null || joinedAt >= since, newCustomerSince: since };
    },

    async group(corp: Corp, groupId: string) {
      const g = await repo.getGroup(db, corp.id, groupId);
      if (!g) throw new AppError('ACTIVITY_NOT_FOUND');
      return {
        actGroupId: g.id,
        showActIds: JSON.parse(g.show_ids),
        relatedActIds: JSON.parse(g.related_ids),
        surplusActIds: JSON.parse(g.surplus_ids),
        winnerActIds: JSON.parse(g.winner_ids),
        rocc: g.rocc,
      };
    },

    async page(corp: Corp, actId: string): Promise<PageConfig> {
      return (await visible(corp.id, actId)).page;
    },

    async param(corp: Corp, actId: string) {
      const act = await visible(corp.id, actId);
      const now = clock();
      return {
        actId,
        type: act.row.type,
        status: effectiveStatus(act.row, now),
        startsAt: act.row.starts_at,
        endsAt: act.row.ends_at,
        serverNow: now,
        prizes: act.prizes.map((p) => ({ id: p.id, name: p.name, image: p.image, kind: p.kind })),
      };
    },

    async draw(corp: Corp, user: RequestUser, req: DrawRequest): Promise<DrawResult> {
      const flightKey = `${corp.id}|${user.id}|${req.idemKey}`;
      if (inFlight.has(flightKey)) throw new AppError('CONFLICT_IN_FLIGHT');
      inFlight.add(flightKey);
      try {
        const requestHash = sha256Hex(`${req.via}|${req.actId}`);
        const replay = async () => {
          const first = await repo.findDrawByKey(deps.database, corp.id, user.id, req.idemKey);
          if (!first) return null;
          if (first.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
          const act = await load(db, corp.id, first.act_id);
          return resultOf(corp.id, first, act ? await currentChances(corp.id, act, user.id) : 0);
        };
        const earlier = await replay();
        if (earlier) return earlier;
        const act = await visible(corp.id, req.actId);
        assertOpen(act, clock());
        await checkEligible(corp, user, act);
        if (req.via === 'rocc') {
          const ctx = {
            corpId: corp.id,
            actId: req.actId,
            userId: user.id,
            nuid: req.nuid,
            ip: req.ip,
            deviceId: req.deviceId,
            grayFlag: req.grayFlag,
            now: clock(),
          };
          const decision = await deps.riskHook(ctx);
          await repo.logRisk(db, {
            corp_id: corp.id,
            act_id: req.actId,
            user_id: user.id,
            ip: req.ip,
            device_id: req.deviceId,
            gray_flag: req.grayFlag,
            decision: decision.allow ? 'allow' : 'refuse',
            rule: decision.allow ? null : decision.rule,
            created_at: ctx.now,
          });
          if (!decision.allow) throw new AppError('RISK_REFUSED');
        }
        for (let attempt = 0; ; attempt++) {
          try {
            return await transact(deps.database, (x) => drawTx(x, corp, user, act, req, requestHash));
          } catch (err) {
            if (!isUniqueViolation(err) || attempt >= 5) throw err;
            // Another request of this user took the same draw position, or finished under our key first.
            const again = await replay();
            if (again) return again;
          }
        }
      } finally {
        inFlight.delete(flightKey);
      }
    },

    async winningList(corp: Corp, user: RequestUser, actId: string) {
      return { actId, winnerList: await repo.myPrizes(db, corp.id, user.id, { actId }) };
    },

    async recentWinners(corp: Corp, actId: string) {
      await visible(corp.id, actId);
      const rows = await repo.recentWinners(db, corp.id, actId, 20);
      return {
        actId,
        winnerList: rows.map((r) => ({
          who: r.mobile ? `${r.mobile.slice(0, 3)}****${r.mobile.slice(-4)}` : `用户${r.nuid.slice(-4)}`,
          prizeName: r.name,
          at: r.created_at,
        })),
      };
    },

    async consumeRate(corp: Corp, actId: string) {
      const act = await visible(corp.id, actId);
      const issued = await repo.issuedCounts(db, corp.id, actId);
      return act.prizes
        .filter((p) => p.kind !== 'thanks')
        .map((p) => {
          const n = issued.get(p.id) ?? 0;
          return {
            prizeId: p.id,
            name: p.name,
            total: p.total_stock,
            issued: n,
            rate: p.total_stock ? n / p.total_stock : null,
          };
        });
    },

    async myPrizes(corp: Corp, user: RequestUser, status?: repo.AwardRow['status']) {
      return repo.myPrizes(db, corp.id, user.id, { status });
    },

    async exchange(corp: Corp, user: RequestUser, awardId: string) {
      const [mine] = await repo.myPrizes(db, corp.id, user.id, { awardId });
      if (!mine) throw new AppError('PRIZE_NOT_FOUND');
      if (mine.status === 'exchanged') return mine;
      if (mine.kind === 'physical') throw new AppError('EXCHANGE_REFUSED');
      await repo.setAwardStatus(db, corp.id, awardId, 'issued', 'exchanged', clock());
      const [after] = await repo.myPrizes(db, corp.id, user.id, { awardId });
      if (!after) throw new AppError('PRIZE_NOT_FOUND');
      return after;
    },

    async park(corp: Corp) {
      const now = clock();
      const rows = await repo.listActivities(db, corp.id);
      return rows
        .map((a) => ({ a, status: effectiveStatus(a, now) }))
        .filter(({ status }) => status === 'live' || status === 'scheduled' || status === 'paused')
        .map(({ a, status }) => ({
          actId: a.id,
          type: a.type,
          title: a.title,
          subtitle: a.subtitle,
          status,
          startsAt: a.starts_at,
          endsAt: a.ends_at,
          banner: (JSON.parse(a.page_config) as PageConfig).banner,
        }));
    },

    /** Recompute every draw from the revealed seed and each version's published table. */
    async verify(corpId: string, actId: string) {
      const act = await repo.getActivity(db, corpId, actId);
      if (!act) throw new AppError('ACTIVITY_NOT_FOUND');
      if (effectiveStatus(act, clock()) !== 'ended') throw new AppError('SEED_NOT_REVEALED');
      const versions = await repo.getVersions(db, corpId, actId);
      const draws = await repo.allDraws(db, corpId, actId);
      let checked = 0;
      let commitmentOk = true;
      const mismatches: { drawId: string; reason: string }[] = [];
      for (const v of versions) {
        const r = verifyDraws({
          seedHex: act.seed,
          commitment: act.commitment,
          prizes: (JSON.parse(v.prizes) as Parameters<typeof toConfig>[0][]).map(toConfig),
          draws: draws
            .filter((d) => d.version === v.version)
            .map((d) => ({
              id: d.id,
              userId: d.user_id,
              drawNonce: d.nonce,
              drawIndex: d.draw_index,
              pickedPrizeId: d.picked_prize_id,
              awardedPrizeId: d.awarded_prize_id,
              fallbackReason: d.fallback_reason,
              rollHex: d.roll_hex,
            })),
          complete: versions.length === 1,
        });
        checked += r.checked;
        commitmentOk &&= r.commitmentOk;
        mismatches.push(...r.mismatches.map((m) => ({ drawId: String(m.drawId), reason: m.reason })));
      }
      const unversioned = draws.filter((d) => !versions.some((v) => v.version === d.version));
      mismatches.push(...unversioned.map((d) => ({ drawId: d.id, reason: 'unknown-version' })));
      return {
        actId,
        ok: commitmentOk && mismatches.length === 0,
        commitmentOk,
        checked,
        mismatches,
        seed: act.seed,
        commitment: act.commitment,
      };
    },

    /** Create or update an activity from its definition, applying the publication rules. */
    async publish(def: ActivityDef, now: number, ex: Executor = db) {
      const problems = publicationProblems(def);
      if (problems.length) throw new AppError('PUBLISH_REFUSED', problems.join('; '));
      const existing = await repo.getActivity(ex, def.corp, def.id);
      const rulesHtml = sanitizeHtml(def.rules, RULES_HTML);
      const prizeRows = def.prizes.map((p, i) => prizeRow(def, p, i));
      const snapshot = termsSnapshot(prizeRows);
      const common = {
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
      };
      if (!existing) {
        const seed = newSeed();
        const published = def.state !== 'draft';
        await repo.insertActivity(ex, {
          corp_id: def.corp,
          id: def.id,
          ...common,
          rules_html: rulesHtml,
          seed,
          commitment: commitment(seed),
          version: 1,
          version_published_at: published ? now : null,
          revealed_at: null,
          created_at: now,
        });
        for (const p of prizeRows) await repo.upsertPrize(ex, p, false);
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
      for (const p of prizeRows) {
        const prev = old.get(p.id);
        // Restocking keeps what was already given out: left moves by the change of the total.
        const issued =
          prev && prev.total_stock !== null && prev.left_stock !== null ? prev.total_stock - prev.left_stock : 0;
        const left = p.total_stock === null ? null : Math.max(0, p.total_stock - issued);
        await repo.upsertPrize(ex, { ...p, left_stock: left }, Boolean(prev));
      }
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
      cache.delete(`${def.corp}|${def.id}`);
      return { actId: def.id, version, created: false };
    },

    async publishGroup(g: GroupDef, ex: Executor = db) {
      await repo.upsertGroup(ex, {
        corp_id: g.corp,
        id: g.id,
        show_ids: JSON.stringify(g.showActIds),
        related_ids: JSON.stringify(g.relatedActIds),
        surplus_ids: JSON.stringify(g.surplusActIds),
        winner_ids: JSON.stringify(g.winnerActIds),
        rocc: g.rocc,
      });
    },

    /** End an activity now: no more draws; the seed is revealed with the detail. */
    async end(corpId: string, actId: string) {
      const act = await repo.getActivity(db, corpId, actId);
      if (!act) throw new AppError('ACTIVITY_NOT_FOUND');
      const now = clock();
      await repo.updateActivity(db, corpId, actId, {
        state: 'ended',
        revealed_at: now,
        ends_at: Math.min(act.ends_at, now),
      });
      cache.delete(`${corpId}|${actId}`);
    },
  };
}
export type DrawService = ReturnType<typeof createDrawService>;

function prizeRow(def: ActivityDef, p: PrizeDef, sort: number): repo.PrizeRow {
  return {
    corp_id: def.corp,
    act_id: def.id,
    id: p.id,
    sort,
    name: p.name,
    kind: p.kind,
    image: p.image,
    weight: p.weight,
    tiers: JSON.stringify(p.tiers),
    unlock_after_draws: p.unlockAfterDraws,
    consolation: p.consolation ? 1 : 0,
    total_stock: p.consolation ? null : p.stock,
    left_stock: p.consolation ? null : p.stock,
    per_user_cap: p.perUserCap,
    value_cents: p.valueCents,
    points: p.points ?? null,
  };
}

/** The part of a prize table that decides odds: what a version freezes and verification replays. */
function termsSnapshot(rows: Pick<repo.PrizeRow, 'id' | 'weight' | 'tiers' | 'unlock_after_draws' | 'consolation'>[]) {
  return JSON.stringify(
    rows.map(({ id, weight, tiers, unlock_after_draws, consolation }) => ({
      id,
      weight,
      tiers,
      unlock_after_draws,
      consolation,
    })),
  );
}

export function publicationProblems(def: ActivityDef): string[] {
  const problems = validatePrizeTable(
    def.prizes.map((p) => ({
      id: p.id,
      weight: p.weight,
      tiers: p.tiers,
      unlockAfterDraws: p.unlockAfterDraws,
      consolation: p.consolation,
    })),
  ).map((p) => p.message);
  for (const p of def.prizes) {
    if (p.valueCents > MAX_LOTTERY_PRIZE_CENTS) {
      problems.push(
        `prize ${p.id} is worth ¥${(p.valueCents / 100).toFixed(2)}, above the ¥50,000 limit for lottery-style prizes`,
      );
    }
    if (p.consolation && p.kind !== 'thanks' && p.stock !== null) {
      problems.push(`the consolation prize ${p.id} must have unlimited stock`);
    }
  }
  return problems;
}

/** 140 bits from the CSPRNG (≥128 required) as Crockford base32 in groups of four, easy to read out. */
export function couponCode(bytes: Buffer): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  // The low 140 bits of the 144 given, read five at a time from the top.
  let acc = bytes[0] ?? 0;
  let bits = 4;
  let out = '';
  for (let i = 1; i < bytes.length; i++) {
    acc = ((acc << 8) | (bytes[i] ?? 0)) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      if (out.length % 5 === 4) out += '-';
      out += alphabet[(acc >> bits) & 31];
    }
  }
  return out;
}
