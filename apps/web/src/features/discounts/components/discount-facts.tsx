import { formatDate } from '#web/shared/lib/format-date';
import { yuan } from '#web/shared/lib/money';
import { t } from '../messages';
import { type Discount, STATUS_LABEL } from '../model/discount-view';

/** The discount at a glance: amount, threshold, what is left (today, for me, in all), the window. */
export function DiscountFacts({ discount }: { discount: Discount }) {
  return (
    <section className="lj-hero" data-testid="lijian-hero">
      <span className={`lj-status is-${discount.status}`}>{t(STATUS_LABEL[discount.status])}</span>
      <p className="lj-hero__kicker">{discount.title}</p>
      <p className="lj-hero__amount">
        <small>{t('lijian.instant')}</small>
        {yuan(discount.amountCents)}
      </p>
      <p className="lj-hero__threshold">
        {discount.thresholdCents > 0
          ? t('lijian.threshold', { min: yuan(discount.thresholdCents) })
          : t('lijian.noThreshold')}
      </p>
      <dl className="lj-facts">
        <div>
          <dt>{t('lijian.leftToday')}</dt>
          <dd data-testid="lijian-left-today">{discount.leftToday ?? t('lijian.noDailyLimit')}</dd>
        </div>
        <div>
          <dt>{t('lijian.userLeft')}</dt>
          <dd data-testid="lijian-user-left">{discount.userLeft}</dd>
        </div>
        <div>
          <dt>{t('lijian.totalLeft')}</dt>
          <dd>{discount.totalLeft}</dd>
        </div>
      </dl>
      <p className="lj-hero__window">
        {t('lijian.window', {
          from: formatDate(discount.startsAt, 'YYYY-MM-DD'),
          to: formatDate(discount.endsAt, 'YYYY-MM-DD'),
        })}
      </p>
    </section>
  );
}
