import { discountPaymentResultSigningText, type discountsEndpoints } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import { isSignedByCorp } from '../../platform/server-caller';
import type { DiscountsService } from './service';

export function discountsHandlers(svc: DiscountsService, clock: () => number): HandlersOf<typeof discountsEndpoints> {
  return {
    myDiscounts: async ({ corp, user }) => svc.mine(corp, user),
    // Server to server: only the corp's payment side, signing with the corp's app secret (ADR 0044).
    discountPaymentResult: async ({ corp, body, req }) => {
      if (!isSignedByCorp(req, corp, discountPaymentResultSigningText(body), clock())) {
        throw new AppError('PAYMENT_SIGN_INVALID');
      }
      return svc.paymentResult(corp.id, body);
    },
    discountDetail: async ({ corp, user, query }) => svc.detail(corp, user, query.discountId),
    discountSignPayment: async ({ corp, user, body, headers }) =>
      svc.sign(corp, user, body, headers['idempotency-key']),
    discountConsume: async ({ corp, user, body }) => svc.consume(corp, user, body),
  };
}
