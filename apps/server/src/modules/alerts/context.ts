import type { AuditPort } from '../../platform/audit-port';
import type { Fetch } from '../../platform/outbound-http';
import type { ServiceDeps } from '../../platform/services';
import type { NotificationsPort, StaffNamesPort, StockLeftPort } from './ports';
import * as rules from './rules';

// What the alerts module's use cases share (one per file, bound in service.ts): the deps, the webhook
// address rules, this process's traffic counts and its one delivery run.

export type AlertsDeps = ServiceDeps<'alerts'> & {
  audit: AuditPort;
  stock: StockLeftPort;
  staff: StaffNamesPort;
  /** The console's bell: everyone whose roles see alerts is told of a new one. */
  notify: NotificationsPort;
  fetch?: Fetch;
};

export type AlertsContext = AlertsDeps & {
  db: AlertsDeps['database']['db'];
  doFetch: Fetch;
  addressRules: { production: boolean; allowedHosts: AlertsDeps['config']['alertWebhookHosts'] };
  traffic: ReturnType<typeof rules.createTraffic>;
  /** The delivery run in this process, if one is under way. */
  delivery: { running: Promise<number> | null };
};

export function createAlertsContext(deps: AlertsDeps): AlertsContext {
  return {
    ...deps,
    db: deps.database.db,
    doFetch: deps.fetch ?? fetch,
    addressRules: { production: deps.config.env === 'production', allowedHosts: deps.config.alertWebhookHosts },
    traffic: rules.createTraffic(),
    delivery: { running: null },
  };
}
