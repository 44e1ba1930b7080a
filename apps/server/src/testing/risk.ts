import type { RiskRule } from '@campaign/contract';
import type { Database_ } from '../db';
import { own } from '../db/owners';
import { forget } from '../modules/risk/state';
import { rulesHash } from '../modules/risk/view';

/**
 * A ruleset version stored straight in enforce (tests and benches: the console's maker–checker flow is
 * tested in risk.test.ts). Other acting versions of the corp step down; the process's cached state is dropped.
 */
export async function enforceRules(database: Database_, corpId: string, rules: RiskRule[], now: number) {
  const db = own('risk', database.db);
  await db.updateTable('risk_ruleset').set({ mode: 'off' }).where('corp_id', '=', corpId).execute();
  const id = `bench-${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const last = await db
    .selectFrom('risk_ruleset')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('corp_id', '=', corpId)
    .executeTakeFirst();
  await db
    .insertInto('risk_ruleset')
    .values({
      id,
      corp_id: corpId,
      version: Number(last?.v ?? 0) + 1,
      name: '默认风控规则',
      note: '',
      rules: JSON.stringify(rules),
      hash: rulesHash(rules),
      mode: 'enforce',
      canary_pct: null,
      based_on: null,
      created_by: 'bench',
      created_at: now,
      updated_at: now,
      ran_at: now,
      pending_request: null,
    })
    .execute();
  forget({ database } as unknown as Parameters<typeof forget>[0], corpId);
  return id;
}
