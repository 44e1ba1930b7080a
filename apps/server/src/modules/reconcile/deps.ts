import type { AuditActor, AuditPort } from '../../platform/audit-port';
import type { ServiceDeps } from '../../platform/services';
import type { AlertsPort, StockLeftPort } from './ports';

/** What the reconcile use cases take: the module's deps and the ports createServices hands in. */
export type ReconcileDeps = ServiceDeps<'reconcile'> & { stock: StockLeftPort; alerts: AlertsPort; audit: AuditPort };

/** Who asked for a run from the console (audited). */
export type RunBy = { actor: AuditActor; ip: string | null };
