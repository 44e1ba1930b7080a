import type { ConsoleMe, CorpSettings } from '@campaign/contract/client';
import { Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useOutletContext } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { KillSwitchCard } from './kill-switch-card';
import { t } from './messages';
import { PolicyCard } from './policy-card';
import './settings.css';

/** Corp settings: the approval policy (N of M), the kill switch, single sign-on. Everyone reads; admins change. */
export function SettingsScreen() {
  const me = useOutletContext<ConsoleMe>();
  const isAdmin = me.roles.includes('admin');
  const settings = useEndpointQuery('consoleSettings');
  return (
    <div className="console-page">
      <PageHead title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {settings.error ? (
        <LoadFailed error={settings.error} retry={settings.refetch} />
      ) : !settings.data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <Space direction="vertical" size={20} style={{ width: '100%' }}>
          <KillSwitchCard s={settings.data} isAdmin={isAdmin} />
          <PolicyCard s={settings.data} isAdmin={isAdmin} />
          <SsoCard s={settings.data} />
        </Space>
      )}
    </div>
  );
}

function SsoCard({ s }: { s: CorpSettings }) {
  return (
    <Card title={t('settings.sso.title')}>
      <Typography.Paragraph>{s.sso ? t('settings.sso.on') : t('settings.sso.off')}</Typography.Paragraph>
      {s.sso ? (
        <Descriptions column={1} size="small" bordered style={{ maxWidth: 720, marginBottom: 12 }}>
          <Descriptions.Item label={t('settings.sso.issuer')}>{s.sso.issuer}</Descriptions.Item>
          <Descriptions.Item label={t('settings.sso.client')}>{s.sso.clientId}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('settings.sso.how')}
      </Typography.Text>
    </Card>
  );
}
