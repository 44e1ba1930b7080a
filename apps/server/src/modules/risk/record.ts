import { preparedFor } from '../../db/prepared';
import type { RiskDecisionTable } from '../../db/schema-risk';
import { changes, type Step, type TxExec, transact } from '../../db/tx';
import type { RiskVerdict } from '../../platform/risk-port';
import { firstWin } from './compute-features';
import type { RiskDeps } from './context';
import { countAfter } from './decide';
import type { Features } from './features';
import * as repo from './repo';

const prepared = preparedFor('risk');

/** The row as a plain mapped type (a prepared statement's parameters are a record). */
type DecisionInsert = { [K in keyof RiskDecisionTable]: RiskDecisionTable[K] };

const insertQ = prepared<DecisionInsert, never>((db, p) =>
  db.insertInto('risk_decision').values({
    id: p('id'),
    corp_id: p('corp_id'),
    act_id: p('act_id'),
    user_id: p('user_id'),
    ip: p('ip'),
    device_id: p('device_id'),
    gray_flag: p('gray_flag'),
    ruleset_id: p('ruleset_id'),
    ruleset_hash: p('ruleset_hash'),
    action: p('action'),
    matched: p('matched'),
    shadow: p('shadow'),
    features: p('features'),
    draw_id: p('draw_id'),
    value_cents: p('value_cents'),
    label: p('label'),
    appeal_id: p('appeal_id'),
    created_at: p('created_at'),
  }),
);

const rowOf = (v: RiskVerdict) => v.record as RiskDecisionTable;

/** A decision that ends its path (a refusal, an invite): stored on its own, by the same statement. */
export async function store(deps: RiskDeps, v: RiskVerdict): Promise<void> {
  await transact(deps.database, (x) => changes(x, insertQ, rowOf(v)));
}

/**
 * A decision stored inside the transaction that carries it out (the draw's or the claim's), with what it let
 * through: committed with the draw or not at all, and no write of its own on the draw's path.
 */
export function* record(deps: RiskDeps, x: TxExec, v: RiskVerdict, drawId: string, valueCents: number): Step<void> {
  const row = rowOf(v);
  yield* changes(x, insertQ, { ...row, draw_id: drawId, value_cents: valueCents });
  // A win sets the customer's draws before their first win (a first value: kept once set). Counted as the
  // draw is written: a draw rolled back after this (rare) may leave the figure a draw early.
  if (valueCents <= 0) return;
  const c = (JSON.parse(row.features) as Partial<Features>).customer;
  if (c && c.draws_before_win === Number(c.draws_30d) - 1) {
    countAfter(deps, firstWin(row.corp_id, row.user_id, Number(c.draws_before_win)), row.created_at);
  }
}

/** The decision behind a draw, for its public proof: id, ruleset hash and action; null when none was made. */
export async function decisionOfDraw(deps: RiskDeps, corpId: string, drawId: string) {
  const d = await repo.decisionOfDraw(deps.database.db, corpId, drawId);
  return d ? { decisionId: d.id, rulesetHash: d.ruleset_hash, action: d.action } : null;
}
