import type { AuditActor, AuditPort } from '../../platform/audit-port';
import type { ServiceDeps } from '../../platform/services';
import type { HaltCachePort, SsoSummaryPort, StaffNamesPort } from './ports';

/** What the settings use cases take: the module's deps and the ports createServices hands in. */
export type SettingsDeps = ServiceDeps<'settings'> & {
  audit: AuditPort;
  sso: SsoSummaryPort;
  halts: HaltCachePort;
  staff: StaffNamesPort;
};

export interface Acting {
  actor: AuditActor;
  ip: string | null;
}
