import type { ServiceDeps } from '../../platform/services';
import type { OrderPaymentPort } from './ports';

/** What the payments use cases take: the module's deps and the orders' payment port. */
export type PaymentsDeps = ServiceDeps<'payments'> & { orders: OrderPaymentPort };
