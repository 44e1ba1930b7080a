import type { RouteData } from '@campaign/contract/client';
import { useEffect, useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '../../../api/endpoint-query';
import { isExpired } from '../../../api/query-client';
import { type MessageKey, t } from '../../../shared/i18n/messages';
import { formatDate } from '../../../shared/lib/format-date';
import { imageUrl } from '../../../shared/lib/image-url';
import { yuan } from '../../../shared/lib/money';
import { Link, useLocation, useNavigate } from '../../../shared/navigation/navigation';
import { loginPath, orderConfirmPath } from '../../../shared/navigation/paths';
import { ActionButton } from '../../../shared/ui/action-button';
import { copyText } from '../../../shared/ui/copy-text';
import { showToast } from '../../../shared/ui/feedback';
import { Icon } from '../../../shared/ui/icon';
import type { IconName } from '../../../shared/ui/icon-sprite';
import { OrderStateBadge } from '../../../shared/ui/order-state';
import { StatePanel } from '../components/state-panel';
import { PARK_PATH } from '../model/activity-paths';
import '../components/activity.css';
import './prize-list-screen.css';

type MyPrize = RouteData<'myPrizes'>[number];
type Status = MyPrize['status'];

const STATUS: Record<Status, { icon: IconName; label: MessageKey }> = {
  issued: { icon: 'order-paid', label: 'prizes.issued' },
  awaiting_address: { icon: 'order-pay-failed', label: 'act.address.pending' },
  exchanged: { icon: 'order-used', label: 'prizes.exchanged' },
};
const TABS: ReadonlyArray<{ key: Status | 'all'; label: MessageKey }> = [
  { key: 'all', label: 'prizes.all' },
  { key: 'issued', label: 'prizes.issued' },
  { key: 'awaiting_address', label: 'prizes.awaiting' },
  { key: 'exchanged', label: 'prizes.exchanged' },
];

function PrizeRow({ prize }: { prize: MyPrize }) {
  const status = STATUS[prize.status];
  // Success refreshes "my prizes" (api/effects.ts) before the toast; a failure was toasted by the request layer.
  const exchangeMutation = useEndpointMutation('exchange');
  const exchange = async () => {
    try {
      await exchangeMutation.mutateAsync({ body: { awardId: prize.awardId } });
      showToast(t('prizes.exchangeDone'));
    } catch {
      // The request layer has shown the reason.
    }
  };
  return (
    <li className={`prize-row is-${prize.status}`} data-testid="prize-row" data-status={prize.status}>
      <div className="prize-row__art">
        <img src={imageUrl(prize.image)} alt="" />
      </div>
      <div className="prize-row__main">
        <p className="prize-row__name">{prize.prizeName}</p>
        <p className="prize-row__meta">
          {prize.activityTitle} · {t('prizes.wonAt', { at: formatDate(prize.createdAt, 'MM-DD HH:mm') })}
        </p>
        {prize.kind === 'coupon' && prize.valueCents > 0 && (
          <p className="prize-row__value">{yuan(prize.valueCents)}</p>
        )}
        {prize.kind === 'points' && prize.points !== null && (
          <p className="prize-row__value">{t('prizes.points', { points: prize.points })}</p>
        )}
        {prize.orderId && (
          <Link className="prize-row__order" to={orderConfirmPath(prize.orderId)} data-testid="prize-order-link">
            {prize.orderState === 'awaiting_address' ? t('prizes.fillAddress') : t('prizes.viewOrder')} ›
          </Link>
        )}
        {prize.couponCode && (
          <button type="button" className="prize-row__code" onClick={() => void copyText(prize.couponCode ?? '')}>
            <code>{prize.couponCode}</code>
            <span>{t('act.copy')}</span>
          </button>
        )}
      </div>
      <div className="prize-row__side">
        {prize.orderState ? (
          <OrderStateBadge state={prize.orderState} />
        ) : (
          <span className={`prize-row__status is-${prize.status}`}>
            <Icon name={status.icon} size="1.3rem" />
            {t(status.label)}
          </span>
        )}
        {prize.status === 'issued' && (prize.kind === 'coupon' || prize.kind === 'points') && (
          <ActionButton className="prize-row__btn" onAction={() => void exchange()}>
            {t('prizes.exchange')}
          </ActionButton>
        )}
      </div>
    </li>
  );
}

/** /newPrizeList: every prize the user won, with status icons, code copy and exchange. */
export function PrizeListScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useState<Status | 'all'>('all');
  const prizes = useEndpointQuery('myPrizes', {}, { meta: { quiet: true } });
  const expired = isExpired(prizes.error);
  const items = prizes.data ?? (prizes.isError && !prizes.isFetching && !expired ? null : undefined);

  // Logged out (or the login expired): the login screen, which comes back here.
  useEffect(() => {
    if (expired) navigate(loginPath(location), { replace: true });
  }, [expired, navigate, location]);

  const shown = (items ?? []).filter((p) => tab === 'all' || p.status === tab);
  return (
    <div className="act-sheet prizes">
      <header className="act-sheet__hero">
        <button
          type="button"
          className="act-sheet__back"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(PARK_PATH))}
          aria-label={t('rules.back')}
        >
          ‹
        </button>
        <h1 className="act-sheet__title">{t('prizes.heading')}</h1>
      </header>
      <div className="act-sheet__body">
        <div className="prize-tabs" role="tablist">
          {TABS.map((x) => (
            <button
              key={x.key}
              type="button"
              role="tab"
              aria-selected={tab === x.key}
              className={tab === x.key ? 'prize-tab is-active' : 'prize-tab'}
              onClick={() => setTab(x.key)}
            >
              {t(x.label)}
            </button>
          ))}
        </div>
        {items === undefined && <StatePanel gate="loading" />}
        {items === null && <StatePanel gate="offline" onRetry={() => void prizes.refetch()} />}
        {items && shown.length === 0 && (
          <section className="act-panel prize-empty" data-testid="prizes-empty">
            <Icon name="empty" size="10rem" />
            <p>{t('prizes.empty')}</p>
            <Link className="act-cta" to={PARK_PATH}>
              {t('prizes.goPlay')}
            </Link>
          </section>
        )}
        {shown.length > 0 && (
          <ul className="prize-list" data-testid="prize-list">
            {shown.map((p) => (
              <PrizeRow key={p.awardId} prize={p} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
