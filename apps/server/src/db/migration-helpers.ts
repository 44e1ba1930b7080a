import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** Helpers the migrations share (kept apart from migrate.ts, which imports every migration). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer key on both dialects. */
export function autoId(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`bigserial` : sql`integer`;
}
