import type { alertsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { AlertsService } from './service';

export function alertsHandlers(svc: AlertsService): HandlersOf<typeof alertsEndpoints> {
  return {
    consoleAlerts: async ({ corp, query }) => svc.list(corp.id, query.page, query.pageSize),
    consoleAlertWebhook: async ({ corp, console: who, body, req }) =>
      svc.setWebhook(corp.id, { actor: { id: who.id, name: who.name, roles: who.roles }, ip: req.ip }, body),
  };
}
