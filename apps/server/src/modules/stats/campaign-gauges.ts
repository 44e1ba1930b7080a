import type { StatsParts } from './deps';
import * as repo from './repo';

/** Every campaign's draws, wins and spend, and each prize's stock (the /metrics gauges). */
export async function campaignGauges(p: StatsParts) {
  await p.folding.fold();
  const rows = await repo.perCampaign(p.db, null);
  const byCampaign = new Map<string, { corpId: string; actId: string; draws: number; wins: number; cents: number }>();
  for (const r of rows) {
    const key = `${r.corp_id}|${r.act_id}`;
    const c = byCampaign.get(key) ?? { corpId: r.corp_id, actId: r.act_id, draws: 0, wins: 0, cents: 0 };
    if (r.metric === 'draw') c.draws += r.n;
    else {
      c.wins += r.n;
      c.cents += r.cents;
    }
    byCampaign.set(key, c);
  }
  const out = [];
  for (const c of byCampaign.values()) {
    out.push({ ...c, stock: await p.deps.catalog.stockLeft(c.corpId, c.actId) });
  }
  return out;
}
