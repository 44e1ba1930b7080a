import type { Step, TxExec } from '../../db/tx';
import type { DrawCounted, DrawCounterPort } from '../../platform/stats-port';
import * as repo from './repo';

/**
 * The draw counts itself in its own transaction: one delta row, folded later like any other; a prize the draw
 * hands over itself (an issued coupon, credited points) is claimed as it is won, so the funnel's 领取 counts it
 * (a second row, only then).
 */
export const drawCounter: DrawCounterPort = {
  *counted(x: TxExec, d: DrawCounted): Step<void> {
    const base = { corp_id: d.corpId, act_id: d.actId, at: d.at, channel: d.channel, n: 1 };
    yield* repo.addDelta(x, {
      ...base,
      metric: d.first ? 'draw1' : 'draw',
      prize_id: d.prizeId ?? '',
      cents: d.valueCents,
    });
    if (d.claimed && d.prizeId) yield* repo.addDelta(x, { ...base, metric: 'claim', prize_id: d.prizeId, cents: 0 });
  },
};
