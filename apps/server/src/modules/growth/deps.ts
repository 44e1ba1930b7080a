import type { ServiceDeps } from '../../platform/services';
import type { InviteTaskPort, OfferCataloguePort, OfferPrizesPort } from './ports';

export type GrowthServiceDeps = ServiceDeps<'growth'> & {
  catalogue: OfferCataloguePort;
  prizes: OfferPrizesPort;
  /** The season's tasks; wired by createServices when the season module is there. */
  inviteTasks?: InviteTaskPort;
};

/** What the growth use cases are given: the service's deps and the key invite links are signed with. */
export type GrowthDeps = GrowthServiceDeps & { inviteKey: Buffer };
