import { Alert } from 'antd';
import { Link, useLocation } from 'react-router';
import { useKillSwitch } from '../api/kill-switch';
import { formatTime } from '../shared/format';
import { t } from '../shared/i18n';

/**
 * On every console page while the corp's kill switch is on (ADR 0332): who stopped everything, when and why,
 * within a few seconds of another admin flipping it; admins get the way to the switch, others whom to ask.
 */
export function KillSwitchBanner({ isAdmin }: { isAdmin: boolean }) {
  const kill = useKillSwitch();
  const { pathname } = useLocation();
  if (!kill.data?.halted) return null;
  const { by, at, reason } = kill.data;
  return (
    <Alert
      banner
      type="error"
      showIcon
      role="alert"
      data-testid="kill-banner"
      className="console-kill-banner"
      title={t('halt.banner.title')}
      description={by && at ? t('halt.by', { name: by.name, time: formatTime(at), reason: reason ?? '' }) : null}
      action={
        isAdmin ? (
          pathname === '/settings' ? null : (
            <Link to="/settings">{t('halt.banner.manage')}</Link>
          )
        ) : (
          <span>{t('halt.banner.askAdmin')}</span>
        )
      }
    />
  );
}
