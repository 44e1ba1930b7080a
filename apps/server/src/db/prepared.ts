import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Executor } from './index';
import type { DB } from './schema';

const MARK = '\u0001param:';
type Slot = { key: string } | { value: unknown };

/**
 * A query written with Kysely's typed builder but built and compiled once per database: on the hot path
 * (sessions, draws) building and compiling cost more than SQLite running the query. `p('name')` marks a
 * parameter; constants in the builder stay constants. The SQL is per dialect, so it is kept per adapter.
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, p: <K extends keyof P & string>(key: K) => P[K]) => Compilable<R>,
): (ex: Executor, params: P) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<object, { sql: string; slots: Slot[] }>();
  return (ex, params) => {
    const adapter = ex.getExecutor().adapter;
    let c = compiled.get(adapter);
    if (!c) {
      const q = build(ex as Kysely<DB>, (key) => `${MARK}${key}` as never).compile();
      c = {
        sql: q.sql,
        slots: q.parameters.map((v) =>
          typeof v === 'string' && v.startsWith(MARK) ? { key: v.slice(MARK.length) } : { value: v },
        ),
      };
      compiled.set(adapter, c);
    }
    const { sql, slots } = c;
    return ex.executeQuery<R>(
      CompiledQuery.raw(
        sql,
        slots.map((s) => ('key' in s ? params[s.key] : s.value)),
      ),
    );
  };
}
