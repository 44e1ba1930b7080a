import type { Kysely } from 'kysely';
import { isPostgres } from '../migration-helpers';

/**
 * rate_limit: rate-limiter-flexible's counters when the limits are kept in PostgreSQL (no REDIS_URL), shared
 * by every node on the database. The columns are the library's own; created here rather than by the library
 * at start, so nodes starting together do not race to create it. SQLite keeps its limits in a file of their
 * own (platform/limits.ts) and needs no table here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('rate_limit')
    .ifNotExists()
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit').ifExists().execute();
}
