import type { AnyExecutor } from '../db/connection';
import type { CorpCache } from './tenancy';

/** Names by id from one module (staff names, campaign titles, store names). */
export interface NamesById {
  names(corpId: string, ids: string[]): Promise<Map<string, string>>;
}

/** One look-up over several modules' names: an id one of them knows gets its name (the audit log's subjects). */
export function mergedNames(...sources: NamesById[]): NamesById {
  return {
    names: async (corpId, ids) => {
      const found = await Promise.all(sources.map((s) => s.names(corpId, ids)));
      return new Map(found.flatMap((m) => [...m]));
    },
  };
}

/** The corp's own name, for entries done to the corp itself (its settings, its kill switch). */
export function corpNames(base: { corps: CorpCache; database: { db: AnyExecutor }; clock: () => number }): NamesById {
  return {
    names: async (corpId, ids) => {
      if (!ids.includes(corpId)) return new Map();
      const corp = await base.corps.get(base.database.db, corpId, base.clock());
      return corp ? new Map([[corpId, corp.name]]) : new Map();
    },
  };
}
