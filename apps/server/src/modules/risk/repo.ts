import type { Own } from '../../db/owners';
import type { RiskDecisionTable, RiskListTable, RiskRulesetTable } from '../../db/schema-risk';

// Tables of this module: risk_ruleset, risk_decision, risk_list, risk_snooze, risk_consent (and the counters'
// risk_counter/risk_distinct, written by platform/risk-counters.ts on PostgreSQL).
export type Db = Own<'risk'>;

export const rulesets = (db: Db, corpId: string) =>
  db.selectFrom('risk_ruleset').selectAll().where('corp_id', '=', corpId).orderBy('version', 'desc').execute();

export const ruleset = (db: Db, corpId: string, id: string) =>
  db.selectFrom('risk_ruleset').selectAll().where('corp_id', '=', corpId).where('id', '=', id).executeTakeFirst();

/** The versions that run: shadow, canary and enforce. */
export const running = (db: Db, corpId: string) =>
  db
    .selectFrom('risk_ruleset')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('mode', 'in', ['shadow', 'canary', 'enforce'])
    .execute();

export async function nextVersion(db: Db, corpId: string): Promise<number> {
  const row = await db
    .selectFrom('risk_ruleset')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('corp_id', '=', corpId)
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}

export const insertRuleset = (db: Db, row: RiskRulesetTable) => db.insertInto('risk_ruleset').values(row).execute();

/** A draft saved again; false when it is no longer a draft (someone ran it meanwhile). */
export async function updateDraft(
  db: Db,
  corpId: string,
  id: string,
  set: Pick<RiskRulesetTable, 'name' | 'note' | 'rules' | 'hash' | 'updated_at'>,
): Promise<boolean> {
  const r = await db
    .updateTable('risk_ruleset')
    .set(set)
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('mode', '=', 'draft')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A conditional move from one of `from` to `mode`; false when another request moved it first. */
export async function setMode(
  db: Db,
  corpId: string,
  id: string,
  from: readonly RiskRulesetTable['mode'][],
  to: { mode: RiskRulesetTable['mode']; canary_pct: number | null; now: number },
): Promise<boolean> {
  const r = await db
    .updateTable('risk_ruleset')
    .set((eb) => ({
      mode: to.mode,
      canary_pct: to.canary_pct,
      updated_at: to.now,
      ran_at: to.mode === 'off' ? eb.ref('ran_at') : eb.fn.coalesce('ran_at', eb.val(to.now)),
    }))
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('mode', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Another version that acts in `mode` steps down to off (one enforced, one canary at a time). */
export const retireOthers = (db: Db, corpId: string, keep: string, mode: 'canary' | 'enforce', now: number) =>
  db
    .updateTable('risk_ruleset')
    .set({ mode: 'off', canary_pct: null, updated_at: now })
    .where('corp_id', '=', corpId)
    .where('mode', '=', mode)
    .where('id', '!=', keep)
    .execute();

export const decisionOfDraw = (db: Db, corpId: string, drawId: string) =>
  db
    .selectFrom('risk_decision')
    .select(['id', 'ruleset_hash', 'action'])
    .where('corp_id', '=', corpId)
    .where('draw_id', '=', drawId)
    .executeTakeFirst();

export const decision = (db: Db, corpId: string, id: string) =>
  db.selectFrom('risk_decision').selectAll().where('corp_id', '=', corpId).where('id', '=', id).executeTakeFirst();

/** The customer's latest refused draw of a campaign (what an appeal is about). */
export const latestBlock = (db: Db, corpId: string, userId: string, actId: string) =>
  db
    .selectFrom('risk_decision')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .where('act_id', '=', actId)
    .where('action', 'in', ['block', 'step_up'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const labelDecision = (db: Db, corpId: string, id: string, label: RiskDecisionTable['label']) =>
  db.updateTable('risk_decision').set({ label }).where('corp_id', '=', corpId).where('id', '=', id).execute();

/** Every decision one version judged: acting (ruleset_id) or in shadow (its id inside `shadow`). */
export const decisionsOf = (db: Db, corpId: string, rulesetId: string) =>
  db
    .selectFrom('risk_decision')
    .select(['id', 'user_id', 'ruleset_id', 'action', 'matched', 'shadow', 'value_cents', 'label'])
    .where('corp_id', '=', corpId)
    .where((eb) => eb.or([eb('ruleset_id', '=', rulesetId), eb('shadow', 'like', `%"${rulesetId}"%`)]))
    .execute();

export const listEntries = (db: Db, corpId: string, now: number) =>
  db
    .selectFrom('risk_list')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .execute();

export const addEntry = (db: Db, row: RiskListTable) =>
  db
    .insertInto('risk_list')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['corp_id', 'type', 'value_key']).doUpdateSet({
        reason: row.reason,
        expires_at: row.expires_at,
        owner: row.owner,
        shown: row.shown,
        created_at: row.created_at,
      }),
    )
    .execute();

/** Many entries at once (an approved import), a batch a statement; one already listed is renewed, source and all. */
export async function importEntries(db: Db, rows: RiskListTable[]) {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('risk_list')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['corp_id', 'type', 'value_key']).doUpdateSet((eb) => ({
          reason: eb.ref('excluded.reason'),
          expires_at: eb.ref('excluded.expires_at'),
          owner: eb.ref('excluded.owner'),
          shown: eb.ref('excluded.shown'),
          source: eb.ref('excluded.source'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  }
}

export const entryByValue = (db: Db, corpId: string, type: string, key: string) =>
  db
    .selectFrom('risk_list')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('type', '=', type as RiskListTable['type'])
    .where('value_key', '=', key)
    .executeTakeFirstOrThrow();

export async function removeEntry(db: Db, corpId: string, id: string) {
  const gone = await db
    .deleteFrom('risk_list')
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .returning(['type', 'shown'])
    .executeTakeFirst();
  return gone ?? null;
}

export const snoozes = (db: Db, corpId: string, now: number) =>
  db
    .selectFrom('risk_snooze')
    .select(['user_id', 'rule_id'])
    .where('corp_id', '=', corpId)
    .where('expires_at', '>', now)
    .execute();

export const snooze = (
  db: Db,
  row: { corp_id: string; user_id: string; rule_id: string; reason: string; created_by: string; expires_at: number },
) =>
  db
    .insertInto('risk_snooze')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['corp_id', 'user_id', 'rule_id']).doUpdateSet({ expires_at: row.expires_at, reason: row.reason }),
    )
    .execute();

export const consent = (db: Db, corpId: string, userId: string) =>
  db
    .selectFrom('risk_consent')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const setConsent = (
  db: Db,
  row: { corp_id: string; user_id: string; granted: number; purpose: string; decided_at: number },
) =>
  db
    .insertInto('risk_consent')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['corp_id', 'user_id']).doUpdateSet({ granted: row.granted, decided_at: row.decided_at }),
    )
    .execute();

/** Where a replay's walk of the log stands: the last decision read, by campaign then id. */
export interface LogCursor {
  act: string;
  id: string;
}
export const LOG_START: LogCursor = { act: '', id: '' };

/**
 * One page of the decision log after `after` (replay), in (campaign, id) order, optionally of one campaign: a
 * range of risk_decision_act_idx on both databases, never a sort of the log.
 */
export const decisionPage = (db: Db, corpId: string, actId: string | null, after: LogCursor, limit: number) => {
  let q = db
    .selectFrom('risk_decision')
    .select(['id', 'act_id', 'user_id', 'features', 'value_cents'])
    .where('corp_id', '=', corpId);
  q = actId
    ? q.where('act_id', '=', actId).where('id', '>', after.id)
    : q.where((eb) => eb(eb.refTuple('act_id', 'id'), '>', eb.tuple(after.act, after.id)));
  return q.orderBy('act_id').orderBy('id').limit(limit).execute();
};

/** How many decisions a replay's scope holds (its progress bar's end). */
export async function countDecisions(db: Db, corpId: string, actId: string | null): Promise<number> {
  let q = db
    .selectFrom('risk_decision')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('corp_id', '=', corpId);
  if (actId) q = q.where('act_id', '=', actId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Whether the engine ever judged this customer in this corp (a snooze must name a real one). */
export const judgedCustomer = (db: Db, corpId: string, userId: string) =>
  db
    .selectFrom('risk_decision')
    .select('id')
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();

/** A reversal claims its decision: false when one waits or the case was reversed already. */
export async function claimReversal(
  db: Db,
  row: { corp_id: string; decision_id: string; request_id: string; created_at: number },
) {
  const r = await db
    .insertInto('risk_reversal')
    .values({ ...row, state: 'pending' })
    .onConflict((oc) => oc.columns(['corp_id', 'decision_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const reversalOf = (db: Db, corpId: string, decisionId: string) =>
  db
    .selectFrom('risk_reversal')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('decision_id', '=', decisionId)
    .executeTakeFirst();

/** The claim's placeholder replaced by the request it made. */
export const setReversalRequest = (db: Db, corpId: string, decisionId: string, claim: string, requestId: string) =>
  db
    .updateTable('risk_reversal')
    .set({ request_id: requestId })
    .where('corp_id', '=', corpId)
    .where('decision_id', '=', decisionId)
    .where('request_id', '=', claim)
    .execute();

/** A pending reversal let go (turned down, or its request never made): the case may be asked again. */
export const dropReversal = (db: Db, corpId: string, decisionId: string, requestId: string) =>
  db
    .deleteFrom('risk_reversal')
    .where('corp_id', '=', corpId)
    .where('decision_id', '=', decisionId)
    .where('request_id', '=', requestId)
    .where('state', '=', 'pending')
    .execute();

/** The pending reversal made final: true once, for the request that claimed it. */
export async function markReversed(db: Db, corpId: string, decisionId: string, requestId: string) {
  const r = await db
    .updateTable('risk_reversal')
    .set({ state: 'reversed' })
    .where('corp_id', '=', corpId)
    .where('decision_id', '=', decisionId)
    .where('request_id', '=', requestId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** An upheld appeal's snoozes lifted (its reversal): the rules that refused the customer apply again. */
export const unsnooze = (db: Db, corpId: string, userId: string, rules: string[], reason: string) =>
  rules.length === 0
    ? Promise.resolve()
    : db
        .deleteFrom('risk_snooze')
        .where('corp_id', '=', corpId)
        .where('user_id', '=', userId)
        .where('rule_id', 'in', rules)
        .where('reason', '=', reason)
        .execute()
        .then(() => undefined);
