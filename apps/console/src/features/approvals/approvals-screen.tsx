import { App, Empty, Table } from 'antd';
import { useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import { type ApprovalItem, type CampaignRow, who } from '../../shared/campaign/api';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import '../../shared/campaign/campaign.css';
import { KIND_LABEL } from '../../shared/campaign/campaign-messages';
import { StateTag } from '../../shared/campaign/state-tag';
import { t } from './messages';
import { ReviewPane } from './review-pane';
import './approvals.css';

/** 待我审批: what waits for me (never my own, never one I already voted on), with the field-by-field diff. */
function ApprovalsScreenBody() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const inbox = useEndpointQuery('consoleApprovals');
  const items = inbox.data?.items ?? [];
  const current = items.find((i) => i.id === selected) ?? null;
  return (
    <div className="console-page console-page--wide">
      <PageHead title={t('approvals.title')} subtitle={t('approvals.subtitle')} />
      <div className="approvals-grid">
        <Panel title={t('approvals.inbox', { n: items.length })}>
          {inbox.error ? (
            <LoadFailed error={inbox.error} retry={inbox.refetch} />
          ) : (
            <Table<ApprovalItem>
              rowKey="id"
              size="middle"
              loading={inbox.isFetching && !inbox.data}
              dataSource={items}
              pagination={false}
              locale={{ emptyText: <Empty description={t('approvals.empty')} /> }}
              rowClassName={(r) => (r.id === selected ? 'row--selected' : '')}
              columns={inboxColumns((id) => setParams({ id }))}
            />
          )}
        </Panel>
        {current ? (
          <ReviewPane key={current.id} item={current} onDone={() => setParams({})} />
        ) : (
          <Panel title={t('approvals.diff')}>
            <p className="muted">{t('approvals.pick')}</p>
          </Panel>
        )}
      </div>
    </div>
  );
}

function inboxColumns(select: (id: string) => void) {
  return [
    {
      title: t('approvals.col.title'),
      key: 'title',
      render: (_: unknown, r: ApprovalItem) => (
        <button type="button" className="link-button" onClick={() => select(r.id)}>
          {r.title || r.id}
        </button>
      ),
    },
    {
      title: t('approvals.col.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (k: CampaignRow['kind']) => KIND_LABEL[k] ?? k,
    },
    {
      title: t('approvals.col.state'),
      key: 's',
      width: 170,
      render: (_: unknown, r: ApprovalItem) => <StateTag state={r.state} revision={r.revisionState} />,
    },
    {
      title: t('approvals.col.by'),
      key: 'by',
      width: 170,
      render: (_: unknown, r: ApprovalItem) => (
        <span>
          {who(r.submittedBy)} <span className="muted">{formatTime(r.submittedAt)}</span>
        </span>
      ),
    },
  ];
}

/** Inside antd's App: the toasts of this screen and its dialogs. */
export const ApprovalsScreen = () => (
  <App component={false}>
    <ApprovalsScreenBody />
  </App>
);
