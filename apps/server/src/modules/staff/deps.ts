import type { ServiceDeps } from '../../platform/services';
import type { TicketNoncePort } from './ports';

/** What the staff use cases take: the module's deps and the ticket nonces createServices hands in. */
export type StaffDeps = ServiceDeps<'staff'> & { nonces: TicketNoncePort };
