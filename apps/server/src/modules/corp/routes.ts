import type { corpEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { ServiceDeps } from '../../platform/services';
import { corpGroups, memberCgroups } from '../../platform/tenancy';

export function corpHandlers(deps: ServiceDeps<'platform'>): HandlersOf<typeof corpEndpoints> {
  const db = deps.database.db;
  return {
    checkWhiteCorpId: async ({ corp }) => ({ white: corp.whiteListed }),
    cgroupCheck: async ({ corp, user, body }) => {
      const matched = await memberCgroups(db, corp.id, user.id, [...new Set(body.cgroupIds)]);
      return { member: matched.length > 0, matched };
    },
    groupEiopCheck: async ({ corp, query }) => {
      const groups = await corpGroups(db, corp.id);
      const asked = (query.groupIds ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const hits = asked.length ? groups.filter((g) => asked.includes(g)) : groups;
      return { passed: hits.length > 0, groups: hits };
    },
  };
}
