import { t } from '../../shared/i18n/messages';
import { useNavigate } from '../../shared/navigation/navigation';
import { homePath } from '../../shared/navigation/paths';
import { ActionButton } from '../../shared/ui/action-button';
import { Icon } from '../../shared/ui/icon';
import './not-found-screen.css';

/** /404: the empty-data illustration with "back" and "home". */
export function NotFoundScreen() {
  const navigate = useNavigate();
  const home = () => navigate(homePath(), { replace: true });
  const back = () => (window.history.length > 1 ? navigate(-1) : home());
  return (
    <div className="nf">
      <div className="nf-art">
        <Icon name="empty" size="16rem" />
        <span className="nf-code">404</span>
      </div>
      <h1 className="nf-title">{t('notFound.heading')}</h1>
      <p className="nf-desc">{t('notFound.desc')}</p>
      <div className="nf-actions">
        <ActionButton variant="ghost" onAction={back}>
          <Icon name="back" />
          {t('notFound.back')}
        </ActionButton>
        <ActionButton onAction={home}>
          <Icon name="home" />
          {t('notFound.home')}
        </ActionButton>
      </div>
    </div>
  );
}
