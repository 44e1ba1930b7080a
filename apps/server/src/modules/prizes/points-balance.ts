import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { PrizesDeps } from './deps';
import * as repo from './repo';

/** The ledger's reasons as the customer reads them. */
const POINTS_LABELS: Record<string, string> = {
  draw: '抽奖获得',
  season: '排位赛奖励',
  exchange: '积分兑换',
  adjust: '银行调整',
};

/** The balance the customer sees on /pro1 and in 我的奖品: the sum of their points ledger. */
export async function pointsBalance(deps: PrizesDeps, corp: Corp, user: RequestUser) {
  const { balance, entries } = await repo.pointsOf(deps.database.db, corp.id, user.id, 20);
  return {
    balance,
    entries: entries.map((e) => ({
      delta: e.delta,
      reason: e.reason,
      label: POINTS_LABELS[e.reason] ?? (e.delta >= 0 ? '积分增加' : '积分扣减'),
      at: e.created_at,
    })),
  };
}
