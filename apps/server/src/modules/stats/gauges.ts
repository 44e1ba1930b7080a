import { Gauge, type Registry } from 'prom-client';
import type { StatsService } from './service';

type Snapshot = Awaited<ReturnType<StatsService['gauges']>>;

/**
 * The business gauges on /metrics: per campaign its draws, wins, budget spent (yuan) and each prize's stock
 * left, read from the roll-ups when Prometheus scrapes. Every process reports the same numbers (they come
 * from the database): dashboards take `max by (corp, campaign)` (deploy/grafana/campaign-stats.json).
 */
export function installBusinessGauges(registry: Registry, stats: StatsService) {
  // One read per scrape serves all four gauges (prom-client collects them side by side).
  let shared: { at: number; read: Promise<Snapshot> } | null = null;
  const snapshot = () => {
    if (!shared || Date.now() - shared.at > 1_000) shared = { at: Date.now(), read: stats.gauges() };
    return shared.read;
  };
  const perCampaign = (name: string, help: string, value: (c: Snapshot[number]) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['corp', 'campaign'] as const,
      registers: [registry],
      async collect() {
        const all = await snapshot();
        this.reset();
        for (const c of all) this.set({ corp: c.corpId, campaign: c.actId }, value(c));
      },
    });
  perCampaign('campaign_draws', 'Draws made in the campaign', (c) => c.draws);
  perCampaign('campaign_wins', 'Prizes won in the campaign', (c) => c.wins);
  perCampaign('campaign_budget_spent_yuan', 'Value of the prizes won in the campaign, in yuan', (c) => c.cents / 100);
  new Gauge({
    name: 'campaign_stock_left',
    help: "A prize's stock left (prizes with a stock only)",
    labelNames: ['corp', 'campaign', 'prize'] as const,
    registers: [registry],
    async collect() {
      const all = await snapshot();
      this.reset();
      for (const c of all)
        for (const s of c.stock)
          if (s.left !== null) this.set({ corp: c.corpId, campaign: c.actId, prize: s.prizeId }, s.left);
    },
  });
}
