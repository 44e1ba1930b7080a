import { randomUUID } from 'node:crypto';
import type { RiskRule } from '@campaign/contract';
import type { Database_ } from '../db';
import { T0 } from './harness';

/** An enforced ruleset version written straight into the table (the console's path is risk.test.ts's). */
export async function enforceRules(database: Database_, rules: RiskRule[]) {
  await database.db
    .insertInto('risk_ruleset')
    .values({
      id: `rs-${randomUUID()}`,
      corp_id: 'demo',
      version: 1,
      name: '测试规则',
      note: '',
      rules: JSON.stringify(rules),
      hash: 'h'.repeat(64),
      mode: 'enforce',
      canary_pct: null,
      based_on: null,
      created_by: 'test',
      created_at: T0,
      updated_at: T0,
      ran_at: T0,
      pending_request: null,
    })
    .execute();
}
