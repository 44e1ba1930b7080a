import type { ReconcileDeps } from './deps';
import * as repo from './repo';

/** The corp's campaigns that can be reconciled, each with its latest report. */
export async function listCampaigns(deps: ReconcileDeps, corpId: string) {
  const db = deps.database.db;
  const [list, latest] = await Promise.all([repo.campaigns(db, corpId), repo.latest(db, corpId)]);
  const by = new Map(latest.map((l) => [l.act_id, { id: l.id, at: Number(l.at), ok: l.ok === 1 }]));
  return { items: list.map((c) => ({ actId: c.id, title: c.title, latest: by.get(c.id) ?? null })) };
}
