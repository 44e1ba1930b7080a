import type { ReactNode } from 'react';
import { Link } from '#web/shared/navigation/navigation';
import { discountDetailPath, PRIZES_PATH } from '#web/shared/navigation/paths';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { DiscountFacts } from '../components/discount-facts';
import { useDiscountFromUrl } from '../components/use-discount';
import { t } from '../messages';
import './discounts.css';

/** /lijianUseRule?discountId=…: how the instant discount works, from the discount's own rule lines. */
export function DiscountRuleScreen() {
  const { discountId, detail, page } = useDiscountFromUrl();
  let body: ReactNode;
  if (detail.data)
    body = (
      <>
        <DiscountFacts discount={detail.data} />
        <section className="sub-card" aria-labelledby="lj-rules">
          <h2 className="sub-card__title" id="lj-rules">
            {t('lijian.rules')}
          </h2>
          <ol className="lj-rules" data-testid="lijian-rules">
            {detail.data.rules.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rule lines are ordered text without ids
              <li key={i}>{line}</li>
            ))}
          </ol>
        </section>
        <Link className="sub-cta" to={discountDetailPath(discountId)}>
          {t('lijian.goUse')}
        </Link>
      </>
    );
  else if (page === 'bad-link' || page === 'not-found')
    body = <SubState icon="empty" title={t('lijian.notFound')} desc={t('lijian.notFoundDesc')} />;
  else if (page === 'failed') body = <SubState icon="empty" title={t('sub.loadFailed')} desc={detail.error?.detail} />;
  else body = <SubLoading rows={2} />;
  return (
    <SubPage title={t('lijian.ruleTitle')} fallback={PRIZES_PATH} className="lj-page">
      {body}
    </SubPage>
  );
}
