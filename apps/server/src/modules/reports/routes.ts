import type { reportsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { Caller, ReportsService } from './service';

const callerOf = (who: { id: string; name: string; roles: readonly string[] }, ip: string): Caller => ({
  actor: { id: who.id, name: who.name, roles: who.roles },
  ip,
});

export function reportsHandlers(svc: ReportsService): HandlersOf<typeof reportsEndpoints> {
  return {
    consoleExportStart: async ({ corp, console: who, body, req }) => {
      const { jobId } = await svc.start(corp.id, callerOf(who, req.ip), body);
      return { jobId };
    },
    consoleExportJob: async ({ corp, console: who, query, req }) => svc.job(corp.id, callerOf(who, req.ip), query.id),
    consoleExportJobs: async ({ corp, console: who, query, req }) =>
      svc.jobs(corp.id, callerOf(who, req.ip), query.page, query.pageSize),
    consoleExportFile: async ({ corp, console: who, query, req, reply }) => {
      const f = await svc.file(corp.id, callerOf(who, req.ip), query.id);
      // Always a download: the browser never renders an export (an XLSX or a CSV alike).
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-disposition', `attachment; filename="${f.filename}"`);
      reply.header('content-length', String(f.bytes));
      return f.stream;
    },
  };
}
