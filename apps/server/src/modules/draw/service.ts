import { type DrawResult, isDrawnType, maskMobile } from '@campaign/contract';
import { isLockBusy, isOverloaded } from '../../db/pg-group-commit';
import { type Step, type TxExec, transact } from '../../db/tx';
import { campaignDay } from '../../platform/campaign-day';
import { newSortableId, sha256Hex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { consolationPrizeId, drawOutcome } from './engine';
import type { ActivityPort, DrawableActivity, DrawnAward, PrizesPort } from './ports';
import { drawProof } from './proof';
import * as repo from './repo';
import type { RiskHook } from './risk';
import { verifyDraws } from './verify';

export interface DrawRequest {
  actId: string;
  idemKey: string;
  via: 'lottery' | 'rocc';
  ip: string;
  deviceId: string | null;
  grayFlag: 0 | 1 | null;
  nuid: string;
  /** When the request arrived (epoch ms): past DRAW_QUEUE_MAX_MS since then, a draw not started gets 429. */
  receivedAt?: number;
}

export interface DrawServiceDeps extends ServiceDeps<'draw'> {
  riskHook: RiskHook;
  activities: ActivityPort;
  prizes: PrizesPort;
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || (typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT'));
};

/** Tries of one draw that keeps losing its draw position or key to simultaneous draws of the customer. */
const MAX_DRAW_ATTEMPTS = 6;

export function createDrawService(deps: DrawServiceDeps) {
  const { clock, activities, prizes } = deps;
  const db = deps.database.db;
  const inFlight = new Set<string>();

  function chancesLeft(act: DrawableActivity, stat: repo.StatRow | undefined, now: number) {
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

  function toResult(act: DrawableActivity, draw: repo.DrawRow, award: DrawnAward | null, chances: number): DrawResult {
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

  /**
   * One transaction: the customer's turn → an earlier draw under the key (then nothing else) → chances →
   * pick → conditional stock decrement → draw row → award (through prizes).
   */
  function* drawTx(
    x: TxExec,
    corp: Corp,
    user: RequestUser,
    act: DrawableActivity,
    req: DrawRequest,
    requestHash: string,
  ): Step<DrawResult | { earlier: repo.DrawRow }> {
    const { stat, earlier } = yield* repo.startDraw(x, corp.id, act.row.id, user.id, req.idemKey);
    // Before any refusal: a retry of a draw that was made gets that draw, even with no chances left.
    if (earlier) return { earlier };
    const now = clock();
    const c = chancesLeft(act, stat, now);
    if (c.left <= 0) throw new AppError('NO_CHANCES');
    const wins = act.hasCaps ? yield* repo.userWins(x, corp.id, act.row.id, user.id) : new Map<string, number>();
    const byId = act.byId;
    const consolationId = consolationPrizeId(act.terms);
    const drawIndex = c.total;
    const nonce = `d${drawIndex}`;
    const outcome = drawOutcome({
      prizes: act.terms,
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
    if (picked && awardedId !== consolationId && picked.total_stock !== null) {
      // Sold out (or lost the race for the last unit): the consolation prize, never an oversell.
      if (!(yield* activities.takeStock(x, corp.id, act.row.id, awardedId))) {
        awardedId = consolationId;
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
    yield* repo.recordDraw(x, draw, {
      draws_total: c.total + 1,
      draws_day: c.day + 1,
      extra_chances: stat?.extra_chances ?? 0,
    });
    const prize = byId.get(awardedId);
    const awarded = prize
      ? yield* prizes.award(x, {
          corpId: corp.id,
          userId: user.id,
          actId: act.row.id,
          drawId: draw.id,
          prize: {
            id: prize.id,
            name: prize.name,
            kind: prize.kind,
            points: prize.points,
            valueCents: prize.value_cents,
          },
          now,
          shown: { activityTitle: act.row.title, customer: maskMobile(user.mobile) || undefined },
        })
      : null;
    return toResult(act, draw, awarded, c.left - 1);
  }

  async function currentChances(corpId: string, act: DrawableActivity, userId: string) {
    return chancesLeft(act, await repo.getStat(db, corpId, act.row.id, userId), clock()).left;
  }

  /** The stored result of an earlier draw under this key, or null; another request under the key is 422. */
  async function replay(corp: Corp, user: RequestUser, idemKey: string, requestHash: string) {
    const first = await repo.findDrawByKey(deps.database, corp.id, user.id, idemKey);
    return first ? replayOf(corp, user, first, requestHash) : null;
  }

  async function replayOf(corp: Corp, user: RequestUser, first: repo.DrawRow, requestHash: string) {
    if (first.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
    const act = await activities.load(corp.id, first.act_id);
    if (!act) throw new Error(`draw ${first.id} refers to a missing activity`);
    const chances = await currentChances(corp.id, act, user.id);
    return toResult(act, first, await prizes.awardOfDraw(corp.id, first.id), chances);
  }

  async function checkRisk(corp: Corp, user: RequestUser, req: DrawRequest) {
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

  return {
    /** One draw's published data and recomputation, for the public verify page (null: no such draw). */
    proof: (corpId: string, drawId: string) => drawProof(db, activities, corpId, drawId),

    async draw(corp: Corp, user: RequestUser, req: DrawRequest): Promise<DrawResult> {
      const flightKey = `${corp.id}|${user.id}|${req.idemKey}`;
      if (inFlight.has(flightKey)) throw new AppError('CONFLICT_IN_FLIGHT');
      inFlight.add(flightKey);
      try {
        // The device is part of what a key stands for: the same key from another device is another request.
        const requestHash = sha256Hex(`${req.via}|${req.actId}|${req.deviceId ?? ''}`);
        // The risk hook judges new draws only: a retry through rocc is answered before it (and not logged).
        if (req.via === 'rocc') {
          const earlier = await replay(corp, user, req.idemKey, requestHash);
          if (earlier) return earlier;
        }
        let act: DrawableActivity;
        try {
          act = await activities.admit(corp, user, req.actId);
          // An offer or a ranking season is never drawn, whatever weights its prize table carries.
          if (!isDrawnType(act.row.type)) throw new AppError('ACTIVITY_NOT_FOUND');
          if (req.via === 'rocc') await checkRisk(corp, user, req);
        } catch (err) {
          // Refused (ended since, no longer eligible): a retry of a draw that was made still gets that draw.
          // A new draw's key is looked up in its transaction (drawTx), not here: one statement fewer.
          const earlier = err instanceof AppError ? await replay(corp, user, req.idemKey, requestHash) : null;
          if (earlier) return earlier;
          throw err;
        }
        for (let attempt = 0; ; attempt++) {
          try {
            // Draws of different customers touch their own rows and the stock (a conditional decrement):
            // they may run side by side in a batch (db/pg-group-commit.ts), one per customer and activity.
            const done = await transact(deps.database, (x) => drawTx(x, corp, user, act, req, requestHash), {
              pipelineKey: `${corp.id}|${act.row.id}|${user.id}`,
              since: req.receivedAt,
            });
            return 'earlier' in done ? await replayOf(corp, user, done.earlier, requestHash) : done;
          } catch (err) {
            // Not run: the database is past capacity (429), or the draw waited its turn behind the customer's
            // other draws for too long (db/pg-group-commit.ts). A retry of a draw that was made still gets it.
            if (isOverloaded(err) || isLockBusy(err)) {
              const earlier = await replay(corp, user, req.idemKey, requestHash);
              if (earlier) return earlier;
              throw isLockBusy(err) ? new AppError('DRAW_BUSY') : err;
            }
            if (!isUniqueViolation(err)) throw err;
            // Still colliding after several tries: a designed "try again", never a 500.
            if (attempt >= MAX_DRAW_ATTEMPTS - 1) throw new AppError('DRAW_BUSY');
            // Another request of this user took the same draw position, or finished under our key first.
            const again = await replay(corp, user, req.idemKey, requestHash);
            if (again) return again;
          }
        }
      } finally {
        inFlight.delete(flightKey);
      }
    },

    async surplus(corp: Corp, user: RequestUser | null, actId: string) {
      const act = await activities.visible(corp.id, actId);
      if (!user) return null;
      const c = chancesLeft(act, await repo.getStat(db, corp.id, actId, user.id), clock());
      return {
        chancesLeft: c.left,
        chancesLeftToday: c.leftDay,
        drawsMade: c.total,
        prizes: await activities.stockLeft(corp.id, actId),
      };
    },

    /** Recompute every draw from the revealed seed and each version's published table. */
    async verify(corpId: string, actId: string) {
      const act = await activities.fairnessRecord(corpId, actId);
      if (!act) throw new AppError('ACTIVITY_NOT_FOUND');
      if (!act.ended) throw new AppError('SEED_NOT_REVEALED');
      const draws = await repo.allDraws(db, corpId, actId);
      let checked = 0;
      let commitmentOk = true;
      const mismatches: { drawId: string; reason: string }[] = [];
      for (const v of act.versions) {
        const r = verifyDraws({
          seedHex: act.seed,
          commitment: act.commitment,
          prizes: v.prizes,
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
          complete: act.versions.length === 1,
        });
        checked += r.checked;
        commitmentOk &&= r.commitmentOk;
        mismatches.push(...r.mismatches.map((m) => ({ drawId: String(m.drawId), reason: m.reason })));
      }
      const unversioned = draws.filter((d) => !act.versions.some((v) => v.version === d.version));
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
  };
}
export type DrawService = ReturnType<typeof createDrawService>;
