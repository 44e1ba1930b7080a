import type { Kysely } from 'kysely';

/**
 * console_sign_in_throttle (console; docs/decisions/0334-sign-in-throttle.md): the console's sign-in attempts
 * counted per login and client address (the pair), and per address alone (login ''), in fixed 15-minute
 * windows. A guesser uses up their own pair, never the account: its owner signs in from another address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_sign_in_throttle')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('console_sign_in_throttle_pk', ['corp_id', 'login', 'ip'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('console_sign_in_throttle').execute();
}
