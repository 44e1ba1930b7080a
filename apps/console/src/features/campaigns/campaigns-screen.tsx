import { DownloadOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Form, Input, Select, Space, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useKillSwitch } from '../../api/kill-switch';
import { download } from '../../api/request';
import { useMe } from '../../api/session';
import {
  CAMPAIGN_KINDS,
  CAMPAIGN_STATES,
  type CampaignKind,
  type CampaignRow,
  type CampaignSort,
  type CampaignState,
  who,
} from '../../shared/campaign/api';
import { KIND_LABEL, STATE_LABEL } from '../../shared/campaign/campaign-messages';
import { StateTag } from '../../shared/campaign/state-tag';
import { formatTime } from '../../shared/format';
import { useListPage } from '../../shared/hooks/use-list-page';
import { ListTable } from '../../shared/list-table';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import './campaigns.css';
import { BatchPause } from './batch-pause';
import { CreateDialog } from './create-dialog';
import { ImportYamlDialog } from './import-yaml-dialog';
import { lt } from './list-messages';
import { t } from './messages';

const FILTERS = ['state', 'kind', 'q'] as const;

/** The list's columns; `halted` reads the corp's switch as the banner sees it. */
function columns(halted: (r: CampaignRow) => boolean): TableColumnsType<CampaignRow> {
  const link = (r: CampaignRow) => `/campaigns/${encodeURIComponent(r.id)}`;
  return [
    {
      title: t('campaigns.col.campaign'),
      key: 'title',
      sorter: true,
      render: (_, r) => (
        <span className="campaign-title">
          <Link to={link(r)}>{r.title || r.id}</Link>
          <span className="muted mono">{r.id}</span>
        </span>
      ),
    },
    {
      title: t('campaigns.col.kind'),
      key: 'kind',
      dataIndex: 'kind',
      width: 130,
      sorter: true,
      render: (k: CampaignKind) => KIND_LABEL[k] ?? k,
    },
    {
      title: t('campaigns.col.state'),
      key: 'state',
      width: 190,
      sorter: true,
      render: (_, r) => <StateTag state={r.state} revision={r.revisionState} halted={halted(r)} />,
    },
    {
      title: t('campaigns.col.dates'),
      key: 'startsAt',
      width: 290,
      sorter: true,
      render: (_, r) =>
        r.startsAt ? (
          `${formatTime(r.startsAt)} — ${formatTime(r.endsAt)}`
        ) : (
          <span className="muted">{t('campaigns.dates.unset')}</span>
        ),
    },
    {
      title: t('campaigns.col.version'),
      key: 'version',
      dataIndex: 'version',
      width: 70,
      render: (v: number | null) => v ?? '—',
    },
    {
      title: t('campaigns.col.updated'),
      key: 'updatedAt',
      width: 200,
      sorter: true,
      render: (_, r) => (
        <span>
          {formatTime(r.updatedAt)} <span className="muted">{who(r.updatedBy)}</span>
        </span>
      ),
    },
  ];
}

/** The filter row: state, kind and a search, submitted into the URL. */
function Filters({ formProps }: { formProps: ReturnType<typeof useCampaignList>['filterFormProps'] }) {
  return (
    <Form {...formProps} name="campaign-filters" className="campaign-filters">
      <Form.Item name="state" label={t('campaigns.list.state')} className="campaign-filter">
        <Select
          aria-label={t('campaigns.list.state')}
          allowClear
          placeholder={t('campaigns.list.allStates')}
          options={CAMPAIGN_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] }))}
          onChange={() => formProps.form?.submit()}
        />
      </Form.Item>
      <Form.Item name="kind" label={t('campaigns.list.kind')} className="campaign-filter">
        <Select
          aria-label={t('campaigns.list.kind')}
          allowClear
          placeholder={t('campaigns.list.allKinds')}
          options={CAMPAIGN_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
          onChange={() => formProps.form?.submit()}
        />
      </Form.Item>
      <Form.Item name="q" label={t('campaigns.list.search')} className="campaign-filter campaign-filter--q">
        <Input allowClear placeholder={t('campaigns.list.searchHint')} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('campaigns.list.find')}
        </Button>
        <Button htmlType="reset">{t('campaigns.list.reset')}</Button>
      </Space>
    </Form>
  );
}

const SORTS: readonly string[] = ['updatedAt', 'title', 'kind', 'state', 'startsAt', 'endsAt'];

/** The URL's filters as the list's (and the export's) query. */
function filterOf(filters: Partial<Record<(typeof FILTERS)[number], string>>) {
  return {
    state: filters.state as CampaignState | undefined,
    kind: filters.kind as CampaignKind | undefined,
    q: filters.q,
  };
}

/** The URL's sort, when it names a column the server sorts by (a hand-edited URL is ignored, not refused). */
function sortOf(sort: { field: string; order: 'ascend' | 'descend' } | null) {
  return sort && SORTS.includes(sort.field) ? { sort: sort.field as CampaignSort, order: sort.order } : {};
}

/** The corp's campaigns over the server's paging, filters and sort in the URL. */
function useCampaignList() {
  return useListPage('consoleCampaignList', {
    filters: FILTERS,
    toQuery: ({ filters, page, pageSize, sort }) => ({
      ...filterOf(filters),
      ...sortOf(sort),
      page,
      pageSize,
    }),
    rows: (data) => ({ items: data.items, total: data.total }),
  });
}

/** 导出 CSV: the whole list as filtered and sorted now (every page), from the server. */
function ExportButton(props: {
  filters: Partial<Record<(typeof FILTERS)[number], string>>;
  sort: { field: string; order: 'ascend' | 'descend' } | null;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download('consoleCampaignExport', { query: { ...filterOf(props.filters), ...sortOf(props.sort) } });
    } catch {
      message.error(lt('campaigns.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={lt('campaigns.exportHint')}>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
        {lt('campaigns.export')}
      </Button>
    </Tooltip>
  );
}

function emptyText(filtered: boolean, canWrite: boolean) {
  if (filtered) return t('campaigns.list.noMatch');
  return canWrite ? t('campaigns.list.emptyMaker') : t('campaigns.list.emptyReader');
}

/** 活动管理: the corp's campaigns, paged on the server; filters live in the URL so a link can be shared. */
function CampaignsScreenBody() {
  const navigate = useNavigate();
  const canWrite = useMe().data?.roles.includes('operator') ?? false;
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);
  const [selected, setSelected] = useState<CampaignRow[]>([]);
  const list = useCampaignList();
  // The switch as the banner sees it (polled), so a row never says 进行中 beside a banner that says stopped.
  const kill = useKillSwitch();
  const halted = (r: CampaignRow) => kill.data?.halted ?? r.halted;
  const actions = canWrite ? (
    <Space>
      <Button icon={<ImportOutlined />} onClick={() => setDialog('import')}>
        {t('campaigns.list.import')}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('create')}>
        {t('campaigns.list.create')}
      </Button>
    </Space>
  ) : null;

  return (
    <div className="console-page console-page--wide">
      <PageHead title={t('campaigns.list.title')} subtitle={t('campaigns.list.subtitle')} extra={actions} />
      <Panel>
        <Filters formProps={list.filterFormProps} />
        {list.error ? (
          <LoadFailed error={list.error} retry={list.result.refetch} />
        ) : (
          <ListTable<CampaignRow>
            list={list}
            settingsId="campaigns"
            toolbar={
              <>
                {canWrite ? <BatchPause selected={selected} onDone={() => setSelected([])} /> : null}
                <ExportButton filters={list.filters} sort={list.sort} />
              </>
            }
            rowSelection={
              canWrite
                ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => setSelected(rows) }
                : undefined
            }
            size="middle"
            locale={{ emptyText: <Empty description={emptyText(list.filtered, canWrite)} /> }}
            pagination={{ ...list.tableProps.pagination, showTotal: (n) => t('campaigns.list.total', { n }) }}
            onRow={(r) => ({ onDoubleClick: () => navigate(`/campaigns/${encodeURIComponent(r.id)}`) })}
            columns={columns(halted)}
          />
        )}
      </Panel>
      {dialog === 'create' ? <CreateDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'import' ? <ImportYamlDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** Inside antd's App: the toasts of this screen and its dialogs. */
export const CampaignsScreen = () => (
  <App component={false}>
    <CampaignsScreenBody />
  </App>
);
