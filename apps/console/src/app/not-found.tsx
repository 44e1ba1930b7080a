import { Link } from 'react-router';
import { t } from '../shared/i18n';
import { StatePanel } from '../shared/panel';

export function NotFound() {
  return <StatePanel tone="info" title={t('common.notFound')} action={<Link to="/">{t('common.backHome')}</Link>} />;
}
