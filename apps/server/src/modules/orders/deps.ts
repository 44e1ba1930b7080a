import type { RiskEnginePort } from '../../platform/risk-port';
import type { ServiceDeps } from '../../platform/services';
import type { AddressBookPort, AwardExchangePort, OrderCampaignPort } from './ports';

/** What the orders use cases take: the module's deps and the ports createServices hands in. */
export type OrdersDeps = ServiceDeps<'orders'> & {
  addressBook: AddressBookPort;
  awards: AwardExchangePort;
  /** The campaign behind an order (modules/activity) and the risk engine: a risk-checked exchange is judged. */
  campaigns?: OrderCampaignPort;
  risk?: RiskEnginePort;
};
