import { paymentResultSigningText, type paymentsEndpoints } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import { isSignedByCorp } from '../../platform/server-caller';
import type { PaymentsService } from './service';

/** Server to server: only the corp's payment side, signing with the corp's app secret, may report a result. */
export function paymentsHandlers(svc: PaymentsService, clock: () => number): HandlersOf<typeof paymentsEndpoints> {
  return {
    orderPaymentResult: async ({ corp, body, req }) => {
      if (!isSignedByCorp(req, corp, paymentResultSigningText(body), clock())) {
        throw new AppError('PAYMENT_SIGN_INVALID');
      }
      return svc.paymentResult(corp.id, body);
    },
  };
}
