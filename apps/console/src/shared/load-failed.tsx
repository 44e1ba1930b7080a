import { Alert, Button } from 'antd';
import { t } from './i18n';

/** A read that failed: what the server said, and a way to try again. */
export function LoadFailed({ error, retry }: { error: Error; retry: () => unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      title={t('common.loadFailed')}
      description={error.message}
      action={<Button onClick={() => retry()}>{t('common.retry')}</Button>}
    />
  );
}
