import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import { useMe } from '../../api/session';
import {
  CAMPAIGN_KINDS,
  CAMPAIGN_STATES,
  type CampaignKind,
  type CampaignRow,
  type CampaignState,
  who,
} from '../../shared/campaign/api';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import './campaigns.css';
import { StateTag } from '../../shared/campaign/state-tag';
import { KIND_LABEL, STATE_LABEL } from '../../shared/campaign/text';
import { CreateDialog } from './create-dialog';
import { ImportYamlDialog } from './import-yaml-dialog';

const PAGE_SIZE = 20;

/** 活动管理: the corp's campaigns, paged on the server; filters live in the URL so a link can be shared. */
function CampaignsScreenBody() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useMe();
  const canWrite = session.data?.roles.includes('operator') ?? false;
  const state = (params.get('state') ?? undefined) as CampaignState | undefined;
  const kind = (params.get('kind') ?? undefined) as CampaignKind | undefined;
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? 1) || 1;
  const [search, setSearch] = useState(q);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const query = { state, kind, q: q || undefined, page, pageSize: PAGE_SIZE };
  const list = useEndpointQuery('consoleCampaignList', { query }, { placeholderData: (prev) => prev });

  const setParam = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const filtered = Boolean(state || kind || q);

  return (
    <div className="console-page console-page--wide">
      <PageHead
        title="活动管理"
        subtitle="创建、配置并提交活动；上线后的库存、概率与时间修改以修订方式再次审批。"
        extra={
          canWrite ? (
            <Space>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                导入 YAML
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                新建活动
              </Button>
            </Space>
          ) : null
        }
      />
      <Panel>
        <form
          className="campaign-filters"
          onSubmit={(e) => {
            e.preventDefault();
            setParam({ q: search.trim() || undefined });
          }}
        >
          <span className="campaign-filter">
            <label htmlFor="campaign-state">状态</label>
            <Select
              id="campaign-state"
              aria-label="状态"
              allowClear
              placeholder="全部状态"
              value={state}
              onChange={(v?: string) => setParam({ state: v })}
              options={CAMPAIGN_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] }))}
            />
          </span>
          <span className="campaign-filter">
            <label htmlFor="campaign-kind">类型</label>
            <Select
              id="campaign-kind"
              aria-label="类型"
              allowClear
              placeholder="全部类型"
              value={kind}
              onChange={(v?: string) => setParam({ kind: v })}
              options={CAMPAIGN_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
            />
          </span>
          <span className="campaign-filter campaign-filter--q">
            <label htmlFor="campaign-q">搜索</label>
            <Input
              id="campaign-q"
              allowClear
              placeholder="活动名称或编号"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </span>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                setSearch('');
                setParams(new URLSearchParams());
              }}
            >
              重置
            </Button>
          </Space>
        </form>
        {list.error ? (
          <LoadFailed error={list.error} retry={list.refetch} />
        ) : (
          <Table<CampaignRow>
            rowKey="id"
            size="middle"
            loading={list.isFetching && !list.data}
            dataSource={list.data?.items ?? []}
            locale={{
              emptyText: (
                <Empty
                  description={
                    filtered
                      ? '没有符合条件的活动，换个条件试试'
                      : canWrite
                        ? '还没有活动：点右上角“新建活动”开始'
                        : '还没有活动：运营人员创建并提交后会显示在这里'
                  }
                />
              ),
            }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              onChange: (p) => setParam({ page: p > 1 ? String(p) : undefined }),
              showSizeChanger: false,
              showTotal: (n) => `共 ${n} 个`,
            }}
            onRow={(r) => ({ onDoubleClick: () => navigate(`/campaigns/${encodeURIComponent(r.id)}`) })}
            columns={[
              {
                title: '活动',
                key: 'title',
                render: (_, r) => (
                  <span className="campaign-title">
                    <Link to={`/campaigns/${encodeURIComponent(r.id)}`}>{r.title || r.id}</Link>
                    <span className="muted mono">{r.id}</span>
                  </span>
                ),
              },
              { title: '类型', dataIndex: 'kind', width: 130, render: (k: CampaignRow['kind']) => KIND_LABEL[k] ?? k },
              {
                title: '状态',
                key: 'state',
                width: 190,
                render: (_, r) => <StateTag state={r.state} revision={r.revisionState} />,
              },
              {
                title: '活动时间',
                key: 'dates',
                width: 290,
                render: (_, r) =>
                  r.startsAt ? (
                    `${formatTime(r.startsAt)} — ${formatTime(r.endsAt)}`
                  ) : (
                    <span className="muted">未设置</span>
                  ),
              },
              { title: '版本', dataIndex: 'version', width: 70, render: (v: number | null) => v ?? '—' },
              {
                title: '最近修改',
                key: 'updated',
                width: 200,
                render: (_, r) => (
                  <span>
                    {formatTime(r.updatedAt)} <span className="muted">{who(r.updatedBy)}</span>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Panel>
      {creating ? <CreateDialog onClose={() => setCreating(false)} /> : null}
      {importing ? <ImportYamlDialog onClose={() => setImporting(false)} /> : null}
    </div>
  );
}

/** Inside antd's App: the toasts of this screen and its dialogs. */
export const CampaignsScreen = () => (
  <App component={false}>
    <CampaignsScreenBody />
  </App>
);
