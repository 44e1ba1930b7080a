import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { loadDiscount, viewDiscount } from './view';

/** One discount as this customer sees it now. */
export async function discountDetail(
  deps: ServiceDeps<'discounts'>,
  corp: Corp,
  user: RequestUser,
  discountId: string,
) {
  return viewDiscount(deps, corp, user, await loadDiscount(deps, corp, discountId));
}
