import type { ServiceDeps } from '../../platform/services';
import type { AddressBookPort, AwardExchangePort } from './ports';

/** What the orders use cases take: the module's deps and the ports createServices hands in. */
export type OrdersDeps = ServiceDeps<'orders'> & { addressBook: AddressBookPort; awards: AwardExchangePort };
