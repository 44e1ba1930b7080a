import {
  AlertOutlined,
  AuditOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  DownOutlined,
  ExportOutlined,
  LogoutOutlined,
  NotificationOutlined,
  ReconciliationOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ConsoleMe } from '@campaign/contract/client';
import { Button, Dropdown, Spin, Tag } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useEndpointMutation } from '../api/queries';
import { ApiError, setCsrfToken } from '../api/request';
import { useMe } from '../api/session';
import { NotificationBell } from '../features/notifications/notification-bell';
import { t } from '../shared/i18n';
import { StatePanel } from '../shared/panel';
import { RoleTags } from '../shared/role-tags';
import { KillSwitchBanner } from './kill-switch-banner';
import { allows, SECTIONS, sectionOf } from './sections';
import './layout.css';

const ICONS: Record<string, ReactNode> = {
  campaigns: <NotificationOutlined />,
  approvals: <CheckSquareOutlined />,
  dashboard: <DashboardOutlined />,
  audit: <AuditOutlined />,
  reports: <ExportOutlined />,
  reconcile: <ReconciliationOutlined />,
  alerts: <AlertOutlined />,
  risk: <SafetyOutlined />,
  stores: <ShopOutlined />,
  staff: <TeamOutlined />,
  settings: <SettingOutlined />,
};

/**
 * The signed-in frame: the side menu of the sections the user's roles allow (plain links: antd's Menu is
 * more than a list of six links needs), the user and sign-out; the section's page, or a designed refusal.
 */
export function ConsoleLayout() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useEndpointMutation('consoleSignOut', {
    onSettled: () => {
      setCsrfToken(null);
      void navigate('/sign-in?signedOut=1', { replace: true });
    },
  });

  if (me.isPending) {
    return (
      <div className="console-center">
        <Spin size="large" />
      </div>
    );
  }
  if (me.error) {
    if (me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 400)) {
      const back = encodeURIComponent(location.pathname + location.search);
      return <Navigate to={`/sign-in?redirect=${back}`} replace />;
    }
    return (
      <StatePanel
        tone="error"
        title={t('common.loadFailed')}
        body={me.error.message}
        action={<Button onClick={() => me.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const user = me.data;
  const current = sectionOf(location.pathname);
  const denied = current && !allows(current, user.roles);

  return (
    <div className="console-shell">
      <Sider user={user} />
      <div className="console-shell__body">
        <header className="console-shell__header">
          <span className="muted small">{t('layout.idle')}</span>
          <span className="console-user">
            <NotificationBell />
            <UserMenu name={user.name} />
            <RoleTags roles={user.roles} />
            {user.method === 'sso' ? <Tag>SSO</Tag> : null}
            <Button icon={<LogoutOutlined />} onClick={() => signOut.mutate({})} loading={signOut.isPending}>
              {t('layout.signOut')}
            </Button>
          </span>
        </header>
        <KillSwitchBanner isAdmin={user.roles.includes('admin')} />
        <main className="console-main">
          {denied ? (
            <StatePanel
              tone="warning"
              title={t('common.noPermission')}
              body={t('common.noPermissionBody')}
              action={<Link to="/">{t('common.backHome')}</Link>}
            />
          ) : (
            <Suspense fallback={<Spin className="console-center" />}>
              <Outlet context={user} />
            </Suspense>
          )}
        </main>
      </div>
    </div>
  );
}

/** The signed-in user's name opens their menu: 我的账户 (their own password, second factor, sign-ins). */
function UserMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const items = [{ key: 'account', icon: <UserOutlined />, label: t('layout.account') }];
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: () => void navigate('/account') }}>
      <Button type="text" className="console-user__name">
        {name} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** The brand, and the menu of the sections the user's roles allow. */
function Sider({ user }: { user: ConsoleMe }) {
  const visible = SECTIONS.filter((s) => allows(s, user.roles));
  return (
    <aside className="console-shell__sider">
      <div className="console-brand">
        <span className="console-brand__mark" aria-hidden="true">
          {t('app.mark')}
        </span>
        <span>
          <span className="console-brand__name">{t('app.name')}</span>
          <span className="console-brand__corp">{user.corpName}</span>
        </span>
      </div>
      <nav aria-label={t('layout.menu')}>
        <ul className="console-nav">
          {visible.map((s) => (
            <li key={s.path}>
              <NavLink to={`/${s.path}`} className="console-nav__link">
                <span className="console-nav__icon">{ICONS[s.path]}</span>
                {t(s.title)}
                {s.coming ? <span className="console-menu__soon">{t('coming.badge')}</span> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
