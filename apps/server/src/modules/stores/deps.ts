import type { ServiceDeps } from '../../platform/services';
import type { ApprovalRequestPort, TicketCounterPort } from './ports';

/** What every use case of the stores module is given (service.ts binds them to it). */
export type StoresDeps = ServiceDeps<'stores'> & { tickets: TicketCounterPort; approvals: ApprovalRequestPort };

/** Where the customer stands, if they said. */
export type Where = { lng?: number | undefined; lat?: number | undefined; coord: 'wgs84' | 'gcj02' };
/** Where the customer is, and the prize they want to redeem (its name: only the stores that accept it). */
export type ListWhere = Where & { prize?: string | undefined };
