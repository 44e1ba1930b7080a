import { maskMobile, type RouteData } from '@campaign/contract/client';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpointQuery, useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { settledBridge } from '#web/bridge/bridge';
import { regionText } from '#web/shared/lib/region-text';
import { useNavigate, useSearchParams } from '#web/shared/navigation/navigation';
import { addAddressPath, editAddressPath, orderConfirmPath, PRIZES_PATH } from '#web/shared/navigation/paths';
import { useGlobalStore } from '#web/shared/store/global-store';
import { showToast } from '#web/shared/ui/feedback';
import { Icon } from '#web/shared/ui/icon';
import { Modal } from '#web/shared/ui/modal';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { t } from '../messages';
import { type NativeAddress, parseNativeAddress } from '../model/native-address';
import './addresses.css';

type Address = RouteData<'addressDetail'>;
type AddressPageData = RouteData<'addressList'>;

/** spec §3 paging: page_num / page_size. Ten fill a phone screen and a half. */
export const ADDRESS_PAGE_SIZE = 10;

/** The same address the host app knows, already saved here (so choosing it needs no second copy). */
export function sameAddress(a: Address, native: NativeAddress): boolean {
  return (
    a.mobile === native.mobile &&
    a.detail === native.detail &&
    (native.districtCode ? a.districtCode === native.districtCode : a.districtName === native.district)
  );
}

/** The host app's default address, asked once per visit when the page runs inside the app. */
function useNativeDefaultAddress(): NativeAddress | null {
  const [address, setAddress] = useState<NativeAddress | null>(null);
  useEffect(() => {
    let live = true;
    settledBridge()
      .then((host) => (live && host.host.embedded ? host.defaultAddress() : null))
      .then((answer) => {
        if (live && answer !== null) setAddress(parseNativeAddress(answer));
      })
      .catch((error: unknown) => console.warn('[addresses] no default address from the app', error));
    return () => {
      live = false;
    };
  }, []);
  return address;
}

interface CardProps {
  address: Address;
  picking: boolean;
  onPick: (a: Address) => void;
  onEdit: (a: Address) => void;
  onDefault: (a: Address) => void;
  onDelete: (a: Address) => void;
}

function AddressCard({ address, picking, onPick, onEdit, onDefault, onDelete }: CardProps) {
  const region = regionText(address.provinceName, address.cityName, address.districtName);
  return (
    <li className={address.isDefault ? 'addr-card is-default' : 'addr-card'} data-testid="address-card">
      <button
        type="button"
        className="addr-card__main"
        onClick={() => (picking ? onPick(address) : onEdit(address))}
        // The visible text (name, masked mobile, address) is the name; what the tap does is the description.
        aria-description={
          picking ? t('address.pickThis', { name: address.name }) : t('address.editThis', { name: address.name })
        }
      >
        <span className="addr-card__who">
          <b>{address.name}</b>
          <span>{maskMobile(address.mobile)}</span>
          {address.isDefault ? <em className="addr-tag">{t('address.default')}</em> : null}
        </span>
        <span className="addr-card__where">
          {region} {address.detail}
        </span>
        <Icon name="chevron-right" size="1.4rem" className="addr-card__go" />
      </button>
      <div className="addr-card__actions">
        <button
          type="button"
          className={address.isDefault ? 'addr-radio is-on' : 'addr-radio'}
          aria-pressed={address.isDefault}
          disabled={address.isDefault}
          onClick={() => onDefault(address)}
        >
          <span className="addr-radio__dot" aria-hidden="true" />
          {address.isDefault ? t('address.default') : t('address.makeDefault')}
        </button>
        <span className="addr-card__spacer" />
        <button type="button" className="addr-link" onClick={() => onEdit(address)}>
          {t('address.edit')}
        </button>
        <button type="button" className="addr-link is-danger" onClick={() => onDelete(address)}>
          {t('address.delete')}
        </button>
      </div>
    </li>
  );
}

function NativeCard({ address, onUse }: { address: NativeAddress; onUse: () => void }) {
  return (
    <section className="sub-card addr-native" data-testid="native-address">
      <p className="addr-native__kicker">
        <Icon name="phone" size="1.2rem" /> {t('address.fromApp')}
      </p>
      <p className="addr-card__who">
        <b>{address.name}</b>
        <span>{maskMobile(address.mobile)}</span>
      </p>
      <p className="addr-card__where">
        {address.province} {address.city} {address.district} {address.detail}
      </p>
      <button type="button" className="btn btn-ghost addr-native__use" onClick={onUse}>
        {t('address.useAppAddress')}
      </button>
    </section>
  );
}

/** spec §3 paging: page 1 (it carries total and max) and each page loaded with "more", each its own read. */
function useAddressPages() {
  const [pages, setPages] = useState(1);
  const first = useEndpointQuery(
    'addressList',
    { query: { page_num: 1, page_size: ADDRESS_PAGE_SIZE } },
    { meta: { quiet: true } },
  );
  const rest = useQueries({
    queries: Array.from({ length: pages - 1 }, (_, i) => ({
      ...endpointQuery('addressList', { query: { page_num: i + 2, page_size: ADDRESS_PAGE_SIZE } }),
      meta: { quiet: true },
    })),
  });
  const loadingMore = rest.some((q) => q.isFetching);
  const pageData: AddressPageData | undefined = first.data;
  const list: Address[] = [first, ...rest]
    .flatMap((q) => q.data?.list ?? [])
    .filter((a, i, all) => all.findIndex((b) => b.addNo === a.addNo) === i);
  const total = pageData?.total ?? 0;
  const atMax = pageData !== undefined && total >= pageData.max;
  return { first, list, pageData, total, atMax, loadingMore, more: () => setPages((n) => n + 1) };
}

/** Making an address the default, and deleting one after the dialog's confirmation. */
function useAddressActions() {
  const [deleting, setDeleting] = useState<Address | null>(null);
  const update = useEndpointMutation('addressUpdate');
  const remove = useEndpointMutation('addressDelete');
  const makeDefault = async (a: Address) => {
    const { addNo, name, mobile, provinceCode, cityCode, districtCode, detail } = a;
    try {
      await update.mutateAsync({
        body: { addNo, name, mobile, provinceCode, cityCode, districtCode, detail, isDefault: true },
      });
      showToast(t('address.defaultDone'));
    } catch {
      // The request layer has shown why.
    }
  };
  const confirmDelete = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await remove.mutateAsync({ query: { addNo: target.addNo } });
      showToast(t('address.deleted'));
    } catch {
      // The request layer has shown why.
    }
  };
  return { deleting, setDeleting, makeDefault, confirmDelete };
}

function ListFooter({ atMax, max, onAdd }: { atMax: boolean; max: number; onAdd: () => void }) {
  return (
    <>
      {atMax ? <p className="addr-limit">{t('address.limit', { max })}</p> : null}
      <button type="button" className="sub-cta" data-testid="address-add" disabled={atMax} onClick={onAdd}>
        <Icon name="home" size="1.5rem" /> {t('address.add')}
      </button>
    </>
  );
}

function DeleteDialog(props: { deleting: Address | null; onClose: () => void; onConfirm: () => void }) {
  const { deleting, onClose, onConfirm } = props;
  return (
    <Modal open={deleting !== null} onClose={onClose} variant="dialog" width="82%" title={t('address.deleteTitle')}>
      <p className="addr-dialog__text">{deleting ? t('address.deleteDesc', { name: deleting.name }) : ''}</p>
      <div className="sub-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('address.pickerCancel')}
        </button>
        <button type="button" className="btn btn-primary" data-testid="address-delete-ok" onClick={onConfirm}>
          {t('address.delete')}
        </button>
      </div>
    </Modal>
  );
}

/**
 * /addressList: the customer's delivery addresses, a page at a time, the default first. With
 * `?orderId=` it picks the address for that order and goes back to it. Inside the host app, the app's
 * default address (bridge callback, spec §3) is offered first.
 */
export function AddressListScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? undefined;
  const picking = orderId !== undefined;
  const setChosen = useGlobalStore((s) => s.setAddress);
  const { first, list, pageData, total, atMax, loadingMore, more } = useAddressPages();
  const native = useNativeDefaultAddress();
  const { deleting, setDeleting, makeDefault, confirmDelete } = useAddressActions();
  const expired = useLoginWhenExpired(first.error);

  const pick = (a: Address) => {
    setChosen(a);
    if (orderId) navigate(orderConfirmPath(orderId, a.addNo), { replace: true });
  };
  const useNative = () => {
    if (!native) return;
    const saved = list.find((a) => sameAddress(a, native));
    if (saved && picking) return pick(saved);
    // The app's address becomes one of ours first: an order keeps a snapshot of a saved address.
    setChosen({ ...native });
    navigate(addAddressPath(orderId, true));
  };
  const footer = <ListFooter atMax={atMax} max={pageData?.max ?? 20} onAdd={() => navigate(addAddressPath(orderId))} />;

  return (
    <SubPage
      title={picking ? t('address.pickTitle') : t('address.listTitle')}
      subtitle={picking ? t('address.pickSub') : t('address.listSub', { n: total, max: pageData?.max ?? 20 })}
      fallback={orderId ? orderConfirmPath(orderId) : PRIZES_PATH}
      footer={footer}
    >
      {native ? <NativeCard address={native} onUse={useNative} /> : null}
      {first.isPending && !first.isError ? <SubLoading rows={2} /> : null}
      {first.isError && !expired ? (
        <SubState icon="empty" title={t('sub.loadFailed')} desc={first.error.detail}>
          <button type="button" className="btn btn-ghost" onClick={() => void first.refetch()}>
            {t('act.retry')}
          </button>
        </SubState>
      ) : null}
      {pageData && list.length === 0 ? (
        <SubState icon="home" title={t('address.empty')} desc={t('address.emptyDesc')} testId="address-empty" />
      ) : null}
      {list.length > 0 ? (
        <ul className="sub-list addr-list" data-testid="address-list">
          {list.map((a) => (
            <AddressCard
              key={a.addNo}
              address={a}
              picking={picking}
              onPick={pick}
              onEdit={(x) => navigate(editAddressPath(x.addNo, orderId))}
              onDefault={(x) => void makeDefault(x)}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      ) : null}
      {list.length < total ? (
        <button type="button" className="addr-more" disabled={loadingMore} onClick={more}>
          {t('address.more', { n: total - list.length })}
        </button>
      ) : null}
      <DeleteDialog deleting={deleting} onClose={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </SubPage>
  );
}
