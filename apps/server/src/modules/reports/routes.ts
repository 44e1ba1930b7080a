import type { reportsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { ReportsService } from './service';

export function reportsHandlers(svc: ReportsService): HandlersOf<typeof reportsEndpoints> {
  return {
    consoleExportStart: async ({ corp, console: who, body, req }) => {
      const { jobId } = await svc.start(
        corp.id,
        { actor: { id: who.id, name: who.name, roles: who.roles }, ip: req.ip },
        body,
      );
      return { jobId };
    },
    consoleExportJob: async ({ corp, query }) => svc.job(corp.id, query.id),
    consoleExportJobs: async ({ corp, query }) => svc.jobs(corp.id, query.page, query.pageSize),
    consoleExportFile: async ({ corp, query, reply }) => {
      const f = await svc.file(corp.id, query.id);
      // Always a download: the browser never renders an export (an XLSX or a CSV alike).
      reply.header('content-type', 'application/octet-stream');
      reply.header('content-disposition', `attachment; filename="${f.filename}"`);
      reply.header('content-length', String(f.bytes));
      return f.stream;
    },
  };
}
