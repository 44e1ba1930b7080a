import type { Executor } from '../db';

export interface Corp {
  id: string;
  name: string;
  whiteListed: boolean;
  gray: boolean;
  appSecret: string;
}

/** Corps change rarely and are read on every request: keep them briefly in memory. */
export function createCorpCache(ttlMs = 30_000) {
  const cache = new Map<string, { corp: Corp | null; at: number }>();
  return {
    async get(db: Executor, id: string, now: number): Promise<Corp | null> {
      const hit = cache.get(id);
      if (hit && now - hit.at < ttlMs) return hit.corp;
      const row = await db.selectFrom('corp').selectAll().where('id', '=', id).executeTakeFirst();
      const corp = row
        ? {
            id: row.id,
            name: row.name,
            whiteListed: row.white_listed === 1,
            gray: row.gray === 1,
            appSecret: row.app_secret,
          }
        : null;
      if (cache.size > 10_000) cache.clear();
      cache.set(id, { corp, at: now });
      return corp;
    },
    invalidate(id?: string) {
      if (id) cache.delete(id);
      else cache.clear();
    },
  };
}
export type CorpCache = ReturnType<typeof createCorpCache>;
