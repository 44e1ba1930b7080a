import type { discountsEndpoints } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import type { DiscountsService } from './service';

export function discountsHandlers(svc: DiscountsService): HandlersOf<typeof discountsEndpoints> {
  return {
    myDiscounts: async ({ corp, user }) => svc.mine(corp, user),
    discountPaymentResult: async () => {
      throw new AppError('PAYMENT_SIGN_INVALID');
    },
    discountDetail: async ({ corp, user, query }) => svc.detail(corp, user, query.discountId),
    discountSignPayment: async ({ corp, user, body, headers }) =>
      svc.sign(corp, user, body, headers['idempotency-key']),
    discountConsume: async ({ corp, user, body }) => svc.consume(corp, user, body),
  };
}
