import type { auditEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { AuditService } from './service';

export function auditHandlers(svc: AuditService): HandlersOf<typeof auditEndpoints> {
  return {
    consoleAuditList: async ({ console: who, query }) => {
      const { page, pageSize, ...filter } = query;
      return svc.list(who.corpId, filter, page, pageSize);
    },
    consoleAuditVerify: async ({ console: who }) => svc.verify(who.corpId),
    consoleAuditExport: async ({ console: who, query, req }) =>
      svc.exportCsv(who.corpId, query, { actor: { id: who.id, name: who.name, roles: who.roles }, ip: req.ip }),
  };
}
