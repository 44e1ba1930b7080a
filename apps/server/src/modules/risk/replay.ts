import { createHash } from 'node:crypto';
import type { RiskReplay, RiskRule } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import { celContext, compile } from './cel';
import { strongest } from './decide';
import type { Features } from './features';
import * as repo from './repo';

/** Decisions read per page: the log is walked by id, never held whole. */
export const REPLAY_PAGE = 5000;

type Row = Awaited<ReturnType<typeof repo.decisionPage>>[number];
const withholds = (a: RiskRule['action']) => a === 'block' || a === 'hold';

/**
 * One replay of a version's rules over the decision log (issue 35), fed a page at a time: the features each
 * decision saw, as they were at the time, evaluated by the candidate's rules compiled once. Deterministic: the
 * same ruleset over the same log, walked by campaign and id, gives the same checksum. Decisions made while the counters were
 * unreachable (no features) are skipped. What it keeps grows with the customers, never with the events.
 */
export function replayer(version: { rules: string; hash: string }) {
  const started = performance.now();
  const rules = JSON.parse(version.rules) as RiskRule[];
  const compiled = compile(rules);
  const perRule = compiled.map((r) => ({
    hits: 0,
    users: new Set<string>(),
    cents: 0,
    withholds: withholds(r.action),
  }));
  const actedBy = new Set<string>();
  const sum = createHash('sha256').update(version.hash);
  let events = 0;
  let acted = 0;
  let withheld = 0;
  const add = (d: Row) => {
    const features = JSON.parse(d.features) as Features | { unavailable: true };
    if ('unavailable' in features) return;
    const ctx = celContext(features);
    const cents = Number(d.value_cents ?? 0);
    const actions: RiskRule['action'][] = [];
    for (let i = 0; i < compiled.length; i++) {
      const r = compiled[i] as (typeof compiled)[number];
      if (!r.test(ctx)) continue;
      const tally = perRule[i] as (typeof perRule)[number];
      tally.hits++;
      tally.users.add(d.user_id);
      if (tally.withholds) tally.cents += cents;
      actions.push(r.action);
    }
    const action = strongest(actions);
    if (action !== 'allow') {
      acted++;
      actedBy.add(d.user_id);
      if (withholds(action)) withheld += cents;
    }
    events++;
    sum.update(`${d.id}:${action};`);
  };
  const result = (): RiskReplay => ({
    events,
    acted,
    customers: actedBy.size,
    withheldCents: withheld,
    rules: rules.map((r, i) => {
      const tally = perRule[i] as (typeof perRule)[number];
      return { ruleId: r.id, name: r.name, hits: tally.hits, customers: tally.users.size, withheldCents: tally.cents };
    }),
    checksum: sum.digest('hex'),
    ms: Math.round(performance.now() - started),
  });
  return { add, result };
}

/**
 * The log a replay walks, a page at a time: the next page is asked for as soon as this one arrives, so on
 * PostgreSQL the database reads it while this process evaluates (two pages in memory at most).
 */
export async function* logPages(db: repo.Db, corpId: string, actId: string | null) {
  let next = repo.decisionPage(db, corpId, actId, repo.LOG_START, REPLAY_PAGE);
  for (;;) {
    const page = await next;
    const last = page.length === REPLAY_PAGE ? page[page.length - 1] : undefined;
    if (last) {
      next = repo.decisionPage(db, corpId, actId, { act: last.act_id, id: last.id }, REPLAY_PAGE);
      // A walk stopped early (a cancelled job) leaves this read unawaited: its failure is nobody's.
      next.catch(() => {});
    }
    yield page;
    if (!last) return;
  }
}

/**
 * The replay in one go (the bench and the tests' reference; the console runs it as a job, run-replay.ts):
 * the same walk, the same figures.
 */
export async function replay(
  db: repo.Db,
  corpId: string,
  input: { id: string; actId?: string | undefined },
  onProgress?: (done: number) => void,
): Promise<RiskReplay> {
  const row = await repo.ruleset(db, corpId, input.id);
  if (!row) throw new AppError('RISK_RULESET_NOT_FOUND');
  const r = replayer(row);
  let done = 0;
  for await (const page of logPages(db, corpId, input.actId ?? null)) {
    for (const d of page) r.add(d);
    done += page.length;
    onProgress?.(done);
  }
  return r.result();
}
