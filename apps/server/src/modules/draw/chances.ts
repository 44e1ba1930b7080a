import type { DrawResult } from '@campaign/contract';
import { campaignDay } from '@campaign/contract/china-time';
import type { DrawableActivity, DrawnAward } from './ports';
import type * as repo from './repo';

/** The customer's chances left in the activity and today, from their counters. */
export function chancesLeft(act: DrawableActivity, stat: repo.StatRow | undefined, now: number) {
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

/** A draw as the customer is told it. */
export function toResult(
  act: DrawableActivity,
  draw: repo.DrawRow,
  award: DrawnAward | null,
  chances: number,
): DrawResult {
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
