import type { RouteData } from '@campaign/contract/client';
import { useEndpointQuery } from '#web/api/endpoint-query';
import { formatDate } from '#web/shared/lib/format-date';
import { yuan } from '#web/shared/lib/money';
import { Link } from '#web/shared/navigation/navigation';
import { discountDetailPath, discountRulePath } from '#web/shared/navigation/paths';
import { Icon } from '#web/shared/ui/icon';
import { t } from '../messages';
import type { PrizeTab } from '../model/prize-status';

type MyDiscount = RouteData<'myDiscounts'>[number];

/**
 * The customer's points as a balance they can see (issue 21 §1). Exchanging points is not built yet: the
 * card says so, and nothing here is tappable.
 */
export function PointsBalance() {
  const points = useEndpointQuery('pointsBalance', {}, { meta: { quiet: true } });
  if (!points.data) return null;
  return (
    <section className="prize-points" data-testid="points-balance" aria-label={t('prizes.pointsBalance')}>
      <Icon name="vip" size="2.4rem" />
      <div>
        <p className="prize-points__label">{t('prizes.pointsBalance')}</p>
        <p className="prize-points__value" data-testid="points-value">
          {points.data.balance}
        </p>
      </div>
      <p className="prize-points__soon">{t('prizes.pointsSoon')}</p>
    </section>
  );
}

/** Where a discount stands, in the prize list's tabs: usable now, coming, or over. */
export function discountTab(d: Pick<MyDiscount, 'status' | 'userLeft'>): Exclude<PrizeTab, 'all'> {
  if (d.status === 'scheduled') return 'progress';
  return d.status === 'live' && d.userLeft > 0 ? 'action' : 'ended';
}

/** The instant discounts given to the customer (e.g. the demo's lijian-spring), each leading to its use. */
export function DiscountRows({ tab }: { tab: PrizeTab }) {
  const mine = useEndpointQuery('myDiscounts', {}, { meta: { quiet: true } });
  const shown = (mine.data ?? []).filter((d) => tab === 'all' || discountTab(d) === tab);
  if (shown.length === 0) return null;
  return (
    <ul className="prize-list" data-testid="discount-list">
      {shown.map((d) => {
        const where = discountTab(d);
        return (
          <li
            key={d.discountId}
            className={`prize-row is-${where === 'ended' ? 'done' : where}`}
            data-testid="discount-row"
            data-discount-id={d.discountId}
          >
            <div className="prize-row__top">
              <div className="prize-row__art prize-row__art--discount" aria-hidden="true">
                {yuan(d.amountCents)}
              </div>
              <div className="prize-row__main">
                <p className="prize-row__name">{d.title}</p>
                <p className="prize-row__meta">
                  {t('prizes.discountKind')} ·{' '}
                  {t('prizes.discountDesc', { threshold: yuan(d.thresholdCents), amount: yuan(d.amountCents) })}
                </p>
                <p className="prize-row__time">
                  {t('prizes.discountLeft', { n: d.userLeft, at: formatDate(d.endsAt, 'YYYY-MM-DD') })}
                </p>
              </div>
            </div>
            <div className="prize-row__actions">
              <Link className="btn btn-ghost prize-row__btn" to={discountRulePath(d.discountId)}>
                {t('prizes.discountRule')}
              </Link>
              <Link
                className="btn btn-primary prize-row__btn"
                to={discountDetailPath(d.discountId)}
                data-testid="discount-use"
              >
                {t('prizes.discountUse')}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
