import {
  AuditOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  LogoutOutlined,
  NotificationOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useEndpointMutation } from '../api/queries';
import { ApiError, setCsrfToken } from '../api/request';
import { useMe } from '../api/session';
import { t } from '../shared/i18n';
import { RoleTags } from '../shared/role-tags';
import { allows, SECTIONS, sectionOf } from './sections';
import './layout.css';

const ICONS: Record<string, ReactNode> = {
  campaigns: <NotificationOutlined />,
  approvals: <CheckSquareOutlined />,
  dashboard: <DashboardOutlined />,
  audit: <AuditOutlined />,
  staff: <TeamOutlined />,
  settings: <SettingOutlined />,
};

/** The signed-in frame: side menu of the sections the user's roles allow, the user, sign-out; a section's page. */
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
      <div className="console-center">
        <Result
          status="error"
          title={t('common.loadFailed')}
          subTitle={me.error.message}
          extra={<Button onClick={() => me.refetch()}>{t('common.retry')}</Button>}
        />
      </div>
    );
  }
  const user = me.data;
  const visible = SECTIONS.filter((s) => allows(s, user.roles));
  const current = sectionOf(location.pathname);
  const denied = current && !allows(current, user.roles);

  return (
    <Layout className="console-shell">
      <Layout.Sider width={224} className="console-shell__sider">
        <div className="console-brand">
          <span className="console-brand__mark" aria-hidden="true">
            活
          </span>
          <span>
            <span className="console-brand__name">{t('app.name')}</span>
            <span className="console-brand__corp">{user.corpName}</span>
          </span>
        </div>
        <nav aria-label={t('layout.menu')}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={current ? [current.path] : []}
            items={visible.map((s) => ({
              key: s.path,
              icon: ICONS[s.path],
              label: (
                <Link to={`/${s.path}`}>
                  {t(s.title)}
                  {s.coming ? <span className="console-menu__soon">{t('coming.badge')}</span> : null}
                </Link>
              ),
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-shell__header">
          <Typography.Text type="secondary" className="console-shell__idle">
            {t('layout.idle')}
          </Typography.Text>
          <Space size={16}>
            <span className="console-user">
              <span className="console-user__name">{user.name}</span>
              <RoleTags roles={user.roles} />
              {user.method === 'sso' ? <Tag>SSO</Tag> : null}
            </span>
            <Button icon={<LogoutOutlined />} onClick={() => signOut.mutate({})} loading={signOut.isPending}>
              {t('layout.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content>
          <main className="console-main">
            {denied ? (
              <Result
                status="403"
                title={t('common.noPermission')}
                subTitle={t('common.noPermissionBody')}
                extra={<Link to="/">{t('common.backHome')}</Link>}
              />
            ) : (
              <Suspense fallback={<Spin className="console-center" />}>
                <Outlet context={user} />
              </Suspense>
            )}
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
