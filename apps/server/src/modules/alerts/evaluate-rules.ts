import { campaignDay } from '@campaign/contract/china-time';
import type { AlertsContext } from './context';
import { raiseAlert } from './raise-alert';
import * as rules from './rules';

const MIN_REQUESTS = 50;
const ERROR_RATE = 0.05;
const LIMITED_RATE = 0.1;

type RunningCampaign = Awaited<ReturnType<typeof rules.running>>[number];

/** The rules over running campaigns: stock under 5%, budget ahead of plan, error and 429 rates. */
export async function evaluateRules(ctx: AlertsContext): Promise<number> {
  const now = ctx.clock();
  const day = campaignDay(now);
  let raised = 0;
  for (const act of await rules.running(ctx.db, now)) raised += await evaluateCampaign(ctx, act, now, day);
  raised += await evaluateTraffic(ctx, now);
  return raised;
}

/** One running campaign: each prize's stock under 5%, then its budget spent ahead of its time. */
async function evaluateCampaign(ctx: AlertsContext, act: RunningCampaign, now: number, day: string): Promise<number> {
  const { db } = ctx;
  let raised = 0;
  const prizes = await rules.prizes(db, act.corp_id, act.id);
  const left = new Map((await ctx.stock.stockLeft(act.corp_id, act.id)).map((s) => [s.prizeId, s.left]));
  let budget = 0;
  for (const p of prizes) {
    if (p.total_stock === null || Number(p.total_stock) <= 0) continue;
    budget += Number(p.value_cents) * Number(p.total_stock);
    const l = left.get(p.id) ?? 0;
    if (l !== null && l / Number(p.total_stock) < rules.STOCK_LOW) {
      const msg = `「${act.title}」奖品「${p.name}」库存不足 5%（剩余 ${l} / ${p.total_stock}）`;
      const key = `stock_low:${act.id}:${p.id}:${day}`;
      if (
        await raiseAlert(ctx, {
          corpId: act.corp_id,
          actId: act.id,
          kind: 'stock_low',
          key,
          message: msg,
          detail: { prizeId: p.id, left: l, total: Number(p.total_stock) },
        })
      )
        raised++;
    }
  }
  const span = Number(act.ends_at) - Number(act.starts_at);
  if (budget > 0 && span > 0) {
    const spent = await rules.spentCents(db, act.corp_id, act.id);
    const elapsed = (now - Number(act.starts_at)) / span;
    if (spent / budget > elapsed + rules.BUDGET_MARGIN) {
      const msg = `「${act.title}」预算消耗超前：已用 ${Math.round((spent / budget) * 100)}%，时间过去 ${Math.round(elapsed * 100)}%`;
      if (
        await raiseAlert(ctx, {
          corpId: act.corp_id,
          actId: act.id,
          kind: 'budget_ahead',
          key: `budget_ahead:${act.id}:${day}`,
          message: msg,
          detail: { spentCents: spent, budgetCents: budget, elapsed },
        })
      )
        raised++;
    }
  }
  return raised;
}

/** Each corp's last minute of answers: the error rate and the 429 rate. */
async function evaluateTraffic(ctx: AlertsContext, now: number): Promise<number> {
  let raised = 0;
  const hour = Math.floor(now / 3_600_000);
  for (const [corpId, c] of ctx.traffic.take()) {
    if (c.all < MIN_REQUESTS) continue;
    if (c.errors / c.all > ERROR_RATE) {
      const msg = `过去一分钟错误率 ${Math.round((c.errors / c.all) * 100)}%（${c.errors} / ${c.all}）`;
      if (
        await raiseAlert(ctx, {
          corpId,
          actId: null,
          kind: 'error_rate',
          key: `error_rate:${hour}`,
          message: msg,
          detail: c,
        })
      )
        raised++;
    }
    if (c.limited / c.all > LIMITED_RATE) {
      const msg = `过去一分钟限流（429）比例 ${Math.round((c.limited / c.all) * 100)}%（${c.limited} / ${c.all}）`;
      if (
        await raiseAlert(ctx, {
          corpId,
          actId: null,
          kind: 'rate_limited',
          key: `rate_limited:${hour}`,
          message: msg,
          detail: c,
        })
      )
        raised++;
    }
  }
  return raised;
}
