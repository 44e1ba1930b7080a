import { PlusOutlined } from '@ant-design/icons';
import type { ConsoleMe } from '@campaign/contract/client';
import { Alert, App, Button, Spin, Tabs } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { PageHead } from '../../shared/page-head';
import { writesRisk } from './labels';
import { ListsTab } from './lists-tab';
import { t } from './messages';
import { RulesetsTab } from './rulesets-tab';
import './risk.css';

type Tab = 'rulesets' | 'lists' | 'queue';

// The review queue is read by approvers and auditors only: its code loads when its tab opens.
const QueueTab = lazy(() => import('./queue-tab').then((m) => ({ default: m.QueueTab })));
const REVIEWERS = ['approver', 'auditor'];
const reviews = (me: Pick<ConsoleMe, 'roles'>) => me.roles.some((r) => REVIEWERS.includes(r));

function tabBody(tab: Tab, canWrite: boolean, me: ConsoleMe) {
  if (tab === 'lists') return <ListsTab canWrite={canWrite} />;
  if (tab === 'rulesets') return <RulesetsTab canWrite={canWrite} />;
  return (
    <Suspense fallback={<Spin />}>
      <QueueTab canDecide={me.roles.includes('approver')} />
    </Suspense>
  );
}

/** 风控: the ruleset versions, the risk lists and (for reviewers) the review queue, one tab each (the URL keeps it). */
function RiskScreenBody() {
  const me = useOutletContext<ConsoleMe>();
  const canWrite = writesRisk(me);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tabs: Tab[] = reviews(me) ? ['rulesets', 'lists', 'queue'] : ['rulesets', 'lists'];
  const tab: Tab = tabs.find((k) => k !== 'rulesets' && k === params.get('tab')) ?? 'rulesets';
  const extra =
    canWrite && tab === 'rulesets' ? (
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/risk/rulesets/new')}>
        {t('risk.new')}
      </Button>
    ) : null;
  return (
    <div className="console-page risk-page">
      <PageHead title={t('risk.title')} subtitle={t('risk.subtitle')} extra={extra} />
      {canWrite || tab === 'queue' ? null : (
        <Alert className="risk-gap" type="info" showIcon title={t('risk.readOnly')} />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'rulesets' ? {} : { tab: key })}
        className="risk-tabs"
        items={tabs.map((key) => ({ key, label: t(`risk.tab.${key}`), children: tabBody(key, canWrite, me) }))}
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
