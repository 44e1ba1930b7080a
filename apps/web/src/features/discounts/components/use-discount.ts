import { useEndpointQuery } from '#web/api/endpoint-query';
import { useSearchParams } from '#web/shared/navigation/navigation';
import { detailPage, isDiscountId } from '../model/discount-view';

/** The discount named by `?discountId=` (both discount screens read it, sharing one cached answer), and which page that answer shows. */
export function useDiscountFromUrl() {
  const [params] = useSearchParams();
  const discountId = params.get('discountId') ?? '';
  const detail = useEndpointQuery(
    'discountDetail',
    { query: { discountId } },
    { meta: { quiet: true }, enabled: isDiscountId(discountId) },
  );
  const page = detailPage(discountId, {
    data: detail.data,
    errorCode: detail.error?.code,
    status: detail.error?.status,
    isError: detail.isError,
  });
  return { discountId, detail, page };
}
