import type { RiskCounters } from '../../platform/risk-counters';
import type { BankRiskEngine } from '../../platform/risk-port';
import type { ServiceDeps } from '../../platform/services';
import type { AlertsPort, ApprovalsPort, AuditPort, HeldAwardsPort, StaffNamesPort } from './ports';

/** What the risk use cases take (one per file, bound in service.ts). */
export type RiskDeps = ServiceDeps<'risk'> & {
  counters: RiskCounters;
  audit: AuditPort;
  approvals: ApprovalsPort;
  staff: StaffNamesPort;
  /** Campaigns drawn in the last minute while the counters were unreachable (fail open's cap), per process. */
  failOpen: Map<string, { minute: number; n: number }>;
  /** Alerts (modules/alerts): the farm's signals reach the operators as they cross a threshold. */
  alerts: AlertsPort;
  /** The bank's own engine, when it plugs one in (services' `bankRisk`): asked with the same features. */
  bank?: BankRiskEngine;
  /** Acting decisions per campaign in the current minute, per process (signals.ts). */
  spikes: Map<string, { minute: number; n: number }>;
  /** The signals' alert keys this process has raised (each is raised once: signals.ts). */
  raised: Set<string>;
  /** Prizes (modules/prizes): a reversed return gives a held prize after all (ADR 0393). */
  awards?: HeldAwardsPort;
  /** The replay jobs running in this process (run-replay.ts). */
  replays: Set<Promise<void>>;
};
