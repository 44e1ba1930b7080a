import type { Kysely } from 'kysely';

/**
 * Issue 35: each risk-checked campaign states what happens when the risk engine's counters (or the bank's engine)
 * cannot be reached: fail closed (refuse, 503) or open with a cap on draws a minute. Stated on the group that
 * turns risk on (rocc); null keeps the deployment's RISK_FAIL_POLICY / RISK_FAIL_OPEN_PER_MINUTE.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_group').addColumn('risk_fail_policy', 'text').execute();
  await db.schema.alterTable('activity_group').addColumn('risk_fail_open_per_minute', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_group').dropColumn('risk_fail_open_per_minute').execute();
  await db.schema.alterTable('activity_group').dropColumn('risk_fail_policy').execute();
}
