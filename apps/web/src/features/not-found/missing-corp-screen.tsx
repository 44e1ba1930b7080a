import { Icon } from '../../shared/ui/icon';
import { t } from './messages';
import './not-found-screen.css';

/**
 * A link without its bank (no `corpId` in the URL and none remembered): nothing can be shown for it, so the
 * customer is told in words what to do instead of a request failing with "缺少机构号 corpId" (issue 21 §3).
 */
export function MissingCorpScreen() {
  return (
    <div className="nf" data-testid="missing-corp">
      <div className="nf-art">
        <Icon name="empty" size="16rem" />
      </div>
      <h1 className="nf-title">{t('corp.missingTitle')}</h1>
      <p className="nf-desc">{t('corp.missingDesc')}</p>
    </div>
  );
}
