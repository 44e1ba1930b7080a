import { useEndpointQuery } from '../../../api/endpoint-query';
import { useSearchParams } from '../../../shared/navigation/navigation';
import { isDiscountId } from '../model/discount-view';

/** The discount named by `?discountId=` (both discount screens read it, sharing one cached answer). */
export function useDiscountFromUrl() {
  const [params] = useSearchParams();
  const discountId = params.get('discountId') ?? '';
  const detail = useEndpointQuery(
    'discountDetail',
    { query: { discountId } },
    { meta: { quiet: true }, enabled: isDiscountId(discountId) },
  );
  return { discountId, detail };
}
