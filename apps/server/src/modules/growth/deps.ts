import type { RiskEnginePort } from '../../platform/risk-port';
import type { ServiceDeps } from '../../platform/services';
import type { InviteTaskPort, OfferCataloguePort, OfferPrizesPort } from './ports';

export type GrowthServiceDeps = ServiceDeps<'growth'> & {
  catalogue: OfferCataloguePort;
  prizes: OfferPrizesPort;
  /** The season's tasks; wired by createServices when the season module is there. */
  inviteTasks?: InviteTaskPort;
  /** The risk engine (modules/risk): a risk-checked offer's claim is judged like a draw (issue 35). */
  risk?: RiskEnginePort;
};

/** What the growth use cases are given: the service's deps and the key invite links are signed with. */
export type GrowthDeps = GrowthServiceDeps & { inviteKey: Buffer };
