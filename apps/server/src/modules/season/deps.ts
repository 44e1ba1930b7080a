import type { RiskEnginePort } from '../../platform/risk-port';
import type { ServiceDeps } from '../../platform/services';
import type { seasonBasics } from './basics';
import type { SeasonCataloguePort, SeasonPrizesPort } from './ports';
import type * as repo from './repo';

export type SeasonServiceDeps = ServiceDeps<'season'> & {
  activities: SeasonCataloguePort;
  prizes: SeasonPrizesPort;
  /** The risk engine (modules/risk): a risk-checked season's credits and winners are judged (issue 35, ADR 0060). */
  risk?: RiskEnginePort;
};

/**
 * What the season's use cases are given: the service's deps, the steps they share (basics.ts) and the
 * short cache of which season tasks a draw feeds.
 */
export type SeasonDeps = SeasonServiceDeps & {
  basics: ReturnType<typeof seasonBasics>;
  drawTasks: { ttl: number; cache: Map<string, { at: number; tasks: repo.DrawTaskRow[] }> };
};
