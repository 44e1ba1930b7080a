/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other. The audit port is declared once for every module (platform/audit-port.ts).
 */

/** The corp's single sign-on as the settings page shows it (modules/console): never its secret. */
export interface SsoSummaryPort {
  ssoSummary(corpId: string): Promise<{ issuer: string; clientId: string } | null>;
}

/** This node's cached view of the kill switch (platform/tenancy.ts): forgotten when this node flips it. */
export interface HaltCachePort {
  forget(corpId: string): void;
}

/** Staff names (modules/staff), to show who changed a setting. */
export type { StaffNamesPort } from '../../platform/staff-names-port';
