import type { reconcileEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { ReconcileService } from './service';

export function reconcileHandlers(svc: ReconcileService): HandlersOf<typeof reconcileEndpoints> {
  return {
    consoleReconcileRun: async ({ corp, console: who, body, req }) =>
      svc.runNow(corp.id, body.actId, { actor: { id: who.id, name: who.name, roles: who.roles }, ip: req.ip }),
    consoleReconcileReports: async ({ corp, query }) => svc.reports(corp.id, query.actId, query.page, query.pageSize),
    consoleReconcileCampaigns: async ({ corp }) => svc.campaigns(corp.id),
  };
}
