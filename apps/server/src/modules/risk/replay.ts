import { createHash } from 'node:crypto';
import type { RiskReplay, RiskRule } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import { celContext, compile } from './cel';
import type { RiskDeps } from './context';
import { strongest } from './decide';
import type { Features } from './features';
import * as repo from './repo';

/** Decisions read per page: the log is walked by id, never held whole. */
const PAGE = 5000;

/**
 * Replays a version's rules over the stored decision log (issue 35): the features each decision saw, as they
 * were at the time, evaluated by the candidate's compiled rules. Deterministic: the same ruleset over the same
 * log gives the same checksum. Decisions made while the counters were unreachable (no features) are skipped.
 */
export async function replay(
  deps: RiskDeps,
  corpId: string,
  input: { id: string; actId?: string },
  onProgress?: (done: number) => void,
): Promise<RiskReplay> {
  const started = performance.now();
  const row = await repo.ruleset(deps.database.db, corpId, input.id);
  if (!row) throw new AppError('RISK_RULESET_NOT_FOUND');
  const rules = JSON.parse(row.rules) as RiskRule[];
  const compiled = compile(rules);
  const hits = new Map(rules.map((r) => [r.id, 0]));
  const sum = createHash('sha256').update(row.hash);
  let events = 0;
  let acted = 0;
  let after = '';
  for (;;) {
    const page = await repo.decisionPage(deps.database.db, corpId, input.actId ?? null, after, PAGE);
    for (const d of page) {
      const features = JSON.parse(d.features) as Features | { unavailable: true };
      if ('unavailable' in features) continue;
      const ctx = celContext(features);
      const matched = compiled.filter((r) => r.test(ctx));
      for (const r of matched) hits.set(r.id, (hits.get(r.id) ?? 0) + 1);
      const action = strongest(matched.map((r) => r.action));
      if (action !== 'allow') acted++;
      events++;
      sum.update(`${d.id}:${action};`);
    }
    onProgress?.(events);
    if (page.length < PAGE) break;
    after = page[page.length - 1]?.id ?? after;
  }
  return {
    events,
    acted,
    rules: rules.map((r) => ({ ruleId: r.id, name: r.name, hits: hits.get(r.id) ?? 0 })),
    checksum: sum.digest('hex'),
    ms: Math.round(performance.now() - started),
  };
}
