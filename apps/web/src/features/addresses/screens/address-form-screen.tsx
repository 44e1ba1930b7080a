import { useEffect, useRef } from 'react';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { useSession } from '#web/api/session';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { useLocation, useNavigate, useParams, useSearchParams } from '#web/shared/navigation/navigation';
import { addressListPath, loginPath } from '#web/shared/navigation/paths';
import { useGlobalStore } from '#web/shared/store/global-store';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { AddressForm, EMPTY, type FormState, fromAddress } from '../components/address-form';
import { t } from '../messages';
import { parseNativeAddress, placeInTree } from '../model/native-address';
import './addresses.css';

export { explainRefusal } from '../components/address-form';

/** The region tree never changes while the page is open (the server versions it by its data source). */
export function useRegionTree() {
  return useEndpointQuery('regionList', {}, { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY });
}

/** /addAddress (`?orderId=` returns to that order; `?from=app` starts from the host app's default address). */
export function AddAddressScreen() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? undefined;
  const fromApp = params.get('from') === 'app';
  const tree = useRegionTree();
  const chosen = useGlobalStore((s) => s.address);
  const loggedOut = useSession() === null;
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (loggedOut) navigate(loginPath(location), { replace: true });
  }, [loggedOut, navigate, location]);

  // The host's default address seeds the form once the tree can place its region.
  const initial = useRef<FormState | null>(null);
  if (initial.current === null && (!fromApp || tree.data || tree.isError)) {
    const native = fromApp ? parseNativeAddress(chosen) : null;
    initial.current = native
      ? {
          ...EMPTY,
          name: native.name,
          mobile: native.mobile,
          detail: native.detail,
          region: tree.data ? placeInTree(tree.data, native) : null,
        }
      : EMPTY;
  }
  return (
    <SubPage title={t('address.addTitle')} subtitle={t('address.formSub')} fallback={addressListPath(orderId)}>
      {initial.current ? (
        <AddressForm initial={initial.current} tree={tree.data} addNo={null} orderId={orderId} />
      ) : (
        <SubLoading rows={2} />
      )}
    </SubPage>
  );
}

/** /editAddress/{addNo} */
export function EditAddressScreen() {
  const { addNo = '' } = useParams();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? undefined;
  const tree = useRegionTree();
  const detail = useEndpointQuery('addressDetail', { query: { addNo } }, { meta: { quiet: true }, gcTime: 0 });
  const expired = useLoginWhenExpired(detail.error);
  return (
    <SubPage title={t('address.editTitle')} subtitle={t('address.formSub')} fallback={addressListPath(orderId)}>
      {detail.data ? (
        <AddressForm initial={fromAddress(detail.data)} tree={tree.data} addNo={detail.data.addNo} orderId={orderId} />
      ) : detail.isError && !expired ? (
        <SubState
          icon="empty"
          title={detail.error.code === 3001 ? t('address.notFound') : t('sub.loadFailed')}
          desc={detail.error.detail}
        >
          <button type="button" className="btn btn-ghost" onClick={() => void detail.refetch()}>
            {t('act.retry')}
          </button>
        </SubState>
      ) : (
        <SubLoading rows={2} />
      )}
    </SubPage>
  );
}
