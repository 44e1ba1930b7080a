import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleMe } from '@campaign/contract/client';
import { Alert, App, Button, Tabs } from 'antd';
import { useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { PageHead } from '../../shared/page-head';
import { writesRisk } from './labels';
import { ListsTab } from './lists-tab';
import { t } from './messages';
import { RulesetsTab } from './rulesets-tab';
import './risk.css';

const TABS = ['rulesets', 'lists'] as const;
type Tab = (typeof TABS)[number];

/** 风控: the ruleset versions and the risk lists, one tab each (the URL keeps the tab). */
function RiskScreenBody() {
  const me = useOutletContext<ConsoleMe>();
  const canWrite = writesRisk(me);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab: Tab = params.get('tab') === 'lists' ? 'lists' : 'rulesets';
  const extra =
    canWrite && tab === 'rulesets' ? (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/risk/rulesets/new')}>
        {t('risk.new')}
      </Button>
    ) : null;
  return (
    <div className="console-page risk-page">
      <PageHead title={t('risk.title')} subtitle={t('risk.subtitle')} extra={extra} />
      {canWrite ? null : <Alert className="risk-gap" type="info" showIcon title={t('risk.readOnly')} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'lists' ? { tab: 'lists' } : {})}
        className="risk-tabs"
        items={TABS.map((key) => ({
          key,
          label: t(`risk.tab.${key}`),
          children: key === 'lists' ? <ListsTab canWrite={canWrite} /> : <RulesetsTab canWrite={canWrite} />,
        }))}
      />
    </div>
  );
}

/** Inside antd's App: the toasts of this screen and its dialogs. */
export const RiskScreen = () => (
  <App component={false}>
    <RiskScreenBody />
  </App>
);
