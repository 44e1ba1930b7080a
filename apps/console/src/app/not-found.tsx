import { Result } from 'antd';
import { Link } from 'react-router';
import { t } from '../shared/i18n';

export function NotFound() {
  return <Result status="404" title={t('common.notFound')} extra={<Link to="/">{t('common.backHome')}</Link>} />;
}
