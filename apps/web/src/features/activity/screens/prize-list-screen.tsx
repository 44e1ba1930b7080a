import type { RouteData } from '@campaign/contract/client';
import { useState } from 'react';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { useLoginWhenExpired } from '#web/api/use-login-when-expired';
import { formatDate } from '#web/shared/lib/format-date';
import { imageUrl } from '#web/shared/lib/image-url';
import { yuan } from '#web/shared/lib/money';
import { Link } from '#web/shared/navigation/navigation';
import { homePath, orderConfirmPath, ticketPath } from '#web/shared/navigation/paths';
import { BackControl } from '#web/shared/ui/back-control';
import { Icon } from '#web/shared/ui/icon';
import type { IconName } from '#web/shared/ui/icon-sprite';
import { OrderStateBadge } from '#web/shared/ui/order-state';
import { PillTabs } from '#web/shared/ui/pill-tabs';
import { CouponCode } from '../components/coupon-code';
import { DrawId } from '../components/draw-id';
import { DiscountRows, discountTab, PointsBalance } from '../components/prize-extras';
import { StatePanel } from '../components/state-panel';
import { type MessageKey, t } from '../messages';
import { inTab, PRIZE_TABS, prizeView, type ShownStatus, type PrizeTab as Tab } from '../model/prize-status';
import '../components/activity.css';
import './prize-list-screen.css';

type MyPrize = RouteData<'myPrizes'>[number];

const STATUS: Record<Exclude<ShownStatus, 'order'>, { icon: IconName; label: MessageKey }> = {
  issued: { icon: 'order-paid', label: 'prizes.issued' },
  awaiting_address: { icon: 'order-pay-failed', label: 'act.address.pending' },
  exchanged: { icon: 'order-used', label: 'prizes.exchanged' },
  credited: { icon: 'order-used', label: 'prizes.credited' },
  expired: { icon: 'order-expired', label: 'prizes.expired' },
  pending_approval: { icon: 'shield', label: 'prizes.pendingApproval' },
  declined: { icon: 'order-closed', label: 'prizes.declined' },
};

function PrizeRow({ prize }: { prize: MyPrize }) {
  const view = prizeView(prize);
  return (
    <li
      className={`prize-row is-${view.tone}`}
      data-testid="prize-row"
      data-status={view.shown === 'order' ? prize.orderState : view.shown}
      data-tone={view.tone}
    >
      <div className="prize-row__top">
        <div className="prize-row__art">
          <img src={imageUrl(prize.image)} alt="" width={50} height={50} />
        </div>
        <div className="prize-row__main">
          <p className="prize-row__name">{prize.prizeName}</p>
          <p className="prize-row__meta">{prize.activityTitle}</p>
          <p className="prize-row__time">
            {t('prizes.wonAt', { at: formatDate(prize.createdAt, 'YYYY-MM-DD HH:mm') })}
          </p>
          {prize.kind === 'coupon' && prize.valueCents > 0 && (
            <p className="prize-row__value">{yuan(prize.valueCents)}</p>
          )}
          {prize.kind === 'points' && prize.points !== null && (
            <p className="prize-row__value">{t('prizes.points', { points: prize.points })}</p>
          )}
        </div>
        {prize.orderState ? (
          <OrderStateBadge state={prize.orderState} />
        ) : (
          view.shown !== 'order' && (
            <span className={`prize-row__status is-${view.tone} is-${view.shown}`}>
              <Icon name={STATUS[view.shown].icon} size="1.3rem" />
              {view.shown === 'exchanged' && prize.usedChannel === 'store'
                ? t('coupon.redeemed')
                : t(STATUS[view.shown].label)}
            </span>
          )
        )}
      </div>
      {view.shown === 'pending_approval' || view.shown === 'declined' ? (
        <p className={`prize-row__review is-${view.shown}`} data-testid="prize-review">
          {t(view.shown === 'pending_approval' ? 'prizes.pendingDesc' : 'prizes.declinedDesc')}
        </p>
      ) : null}
      {prize.orderId && (
        <Link className="prize-row__order" to={orderConfirmPath(prize.orderId)} data-testid="prize-order-link">
          {prize.orderState === 'awaiting_address' ? t('prizes.fillAddress') : t('prizes.viewOrder')} ›
        </Link>
      )}
      {prize.couponCode && <CouponCode code={prize.couponCode} className="prize-row__code" />}
      {prize.couponState === 'unused' && prize.validUntil !== null && (
        <p className="prize-row__valid">{t('coupon.validUntil', { at: formatDate(prize.validUntil, 'YYYY-MM-DD') })}</p>
      )}
      {prize.kind === 'coupon' && prize.couponCode && (
        // 立即使用 opens the ticket: its code and QR to show at the counter, where to use it, and the
        // irreversible "used" step behind a confirmation (/coupon). Nothing is marked used from here.
        <div className="prize-row__actions">
          <Link
            className={view.canUse ? 'btn btn-primary prize-row__btn' : 'btn btn-ghost prize-row__btn'}
            to={ticketPath(prize.awardId)}
            data-testid="prize-use"
          >
            {view.canUse ? t('prizes.exchange') : t('act.result.viewCode')}
          </Link>
        </div>
      )}
      {prize.drawId && <DrawId drawId={prize.drawId} className="prize-row__draw-id" />}
    </li>
  );
}

/** /newPrizeList: every prize the user won, with status icons, code copy and exchange. */
export function PrizeListScreen() {
  const [tab, setTab] = useState<Tab>('all');
  const prizes = useEndpointQuery('myPrizes', {}, { meta: { quiet: true } });
  // Logged out (or the login expired): the login screen, which comes back here.
  const expired = useLoginWhenExpired(prizes.error);
  const items = prizes.data ?? (prizes.isError && !prizes.isFetching && !expired ? null : undefined);

  const shown = (items ?? []).filter((p) => inTab(p, tab));
  // The same query DiscountRows reads (shared cache): the empty state only when there is no discount either.
  const discounts = useEndpointQuery('myDiscounts', {}, { meta: { quiet: true } });
  const discountCount = (discounts.data ?? []).filter((d) => tab === 'all' || discountTab(d) === tab).length;
  return (
    <div className="act-sheet prizes">
      <header className="act-sheet__hero">
        <BackControl fallback={homePath()} />
        <h1 className="act-sheet__title">{t('prizes.heading')}</h1>
      </header>
      <div className="act-sheet__body">
        <PillTabs
          tabs={PRIZE_TABS.map((x) => ({ key: x.key, label: t(x.label) }))}
          value={tab}
          onChange={setTab}
          label={t('prizes.heading')}
          panelId="prize-panel"
        />
        <PointsBalance />
        <div role="tabpanel" id="prize-panel" className="prizes__panel">
          <DiscountRows tab={tab} />
          {items === undefined && <StatePanel gate="loading" />}
          {items === null && <StatePanel gate="offline" onRetry={() => void prizes.refetch()} />}
          {items && shown.length === 0 && discountCount === 0 && (
            <section className="act-panel prize-empty" data-testid="prizes-empty">
              <Icon name="empty" size="10rem" />
              <p>{t('prizes.empty')}</p>
              <Link className="act-cta" to={homePath()}>
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
    </div>
  );
}
