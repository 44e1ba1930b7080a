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
