import { handOver, type Own, own } from '../../db/owners';
import type { AuditActor } from '../../platform/audit-port';
import type { RiskDeps } from './context';
import * as purge from './purge-repo';

/** Device ids and consents are kept for the campaign plus this long (issue 35, ADR 0392). */
export const DEVICE_KEEP_MS = 180 * 86_400_000;
const ACTOR: AuditActor = { id: 'system', name: '系统（定时清理）', roles: [] };

/**
 * The scheduled purge (background.ts, hourly; ADR 0061): for campaigns ended more than 180 days ago, the
 * device ids in their stored decisions are blanked, and consents given before then are deleted unless the
 * customer was judged in a campaign still inside its window; counter rows past their window go too. Each
 * campaign's blanking and each corp's deletions are one transaction with their audit entry, written only
 * when something changed: a second run, or a second node at the same moment, finds nothing and records
 * nothing (its statements wait for the first's rows and then match none).
 */
export async function purgeDevices(deps: RiskDeps) {
  const now = deps.clock();
  const cutoff = now - DEVICE_KEEP_MS;
  const db = deps.database.db;
  let decisions = 0;
  let consents = 0;
  for (;;) {
    const batch = await purge.campaignsToBlank(db, cutoff, 100);
    for (const c of batch) decisions += await blankCampaign(deps, c.corp_id, c.id, now);
    if (batch.length < 100) break;
  }
  for (const { corp_id } of await purge.corpsWithOldConsents(db, cutoff)) {
    consents += await deleteConsents(deps, corp_id, cutoff, now);
  }
  const counters = await purge.dropExpiredCounters(db, now);
  return { decisions, consents, counters };
}

/** One purge step in its own transaction, audited only when it changed rows (a second run records nothing). */
async function audited(
  deps: RiskDeps,
  corpId: string,
  now: number,
  work: (tx: Own<'risk'>) => Promise<number>,
  entry: (n: number) => { action: string; subject: string; after: Record<string, number> },
): Promise<number> {
  return deps.database.db.transaction().execute(async (tx) => {
    const n = await work(own('risk', tx));
    if (n > 0) await deps.audit.append(handOver(tx), { corpId, at: now, actor: ACTOR, ip: null, ...entry(n) });
    return n;
  });
}

const blankCampaign = (deps: RiskDeps, corpId: string, actId: string, now: number) =>
  audited(
    deps,
    corpId,
    now,
    (tx) => purge.blankDevices(tx, corpId, actId),
    (n) => ({ action: 'risk.device-purge', subject: actId, after: { decisions: n, keptDays: 180 } }),
  );

const deleteConsents = (deps: RiskDeps, corpId: string, cutoff: number, now: number) =>
  audited(
    deps,
    corpId,
    now,
    (tx) => purge.deleteOldConsents(tx, corpId, cutoff),
    (n) => ({ action: 'risk.consent-purge', subject: corpId, after: { consents: n, decidedBefore: cutoff } }),
  );
