import { DownloadOutlined } from '@ant-design/icons';
import { type ConsoleMe, EXPORT_KINDS, type ExportJob, type ExportKind, UNMASK_ROLES } from '@campaign/contract/client';
import {
  Alert,
  message as antdMessage,
  Button,
  Checkbox,
  Empty,
  Input,
  Progress,
  Radio,
  Select,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../../api/queries';
import { ApiError, download } from '../../api/request';
import { useCampaignTitles } from '../../shared/campaign/titles';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { fill, m } from './messages';
import './reports.css';

const STATE_COLOR = { running: 'processing', done: 'success', failed: 'error', expired: 'default' } as const;
const PAGE_SIZE = 10;

/** Exports: a form to start one, and the jobs with their progress bars and downloads (polled while running). */
export function ReportsScreen() {
  const me = useOutletContext<ConsoleMe>();
  const canUnmask = me.roles.some((r) => (UNMASK_ROLES as readonly string[]).includes(r));
  const [kind, setKind] = useState<ExportKind>('winners');
  const [actId, setActId] = useState<string>('');
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const [unmasked, setUnmasked] = useState(false);
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const [message, holder] = antdMessage.useMessage();
  const campaigns = useEndpointQuery('consoleReconcileCampaigns');
  const titles = useCampaignTitles();
  const jobs = useEndpointQuery(
    'consoleExportJobs',
    { query: { page, pageSize: PAGE_SIZE } },
    {
      placeholderData: (prev) => prev,
      refetchInterval: (q) => (q.state.data?.items.some((j) => j.state === 'running') ? 1000 : false),
    },
  );
  const start = useEndpointMutation('consoleExportStart', {
    invalidates: ['consoleExportJobs'],
    onSuccess: () => {
      setFields({});
      void message.success(m.started);
    },
    onError: (err) => setFields(err instanceof ApiError ? { form: err.message } : {}),
  });
  const submit = () => {
    if (unmasked && !reason.trim()) {
      setFields({ reason: m.reasonRequired });
      return;
    }
    start.mutate({
      body: {
        kind,
        format,
        ...(actId && kind !== 'audit' ? { actId } : {}),
        ...(unmasked ? { unmasked: true, reason: reason.trim() } : {}),
      },
    });
  };

  return (
    <div className="console-page">
      {holder}
      <PageHead title={m.title} subtitle={m.subtitle} />
      <Panel title={m.newExport}>
        <form
          className="reports-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <span className="reports-field">
            <label htmlFor="export-kind">{m.kind}</label>
            <Select<ExportKind>
              id="export-kind"
              value={kind}
              onChange={setKind}
              aria-label={m.kind}
              options={EXPORT_KINDS.map((k) => ({ value: k, label: m.kinds[k] }))}
              data-testid="export-kind"
            />
          </span>
          <span className="reports-field">
            <label htmlFor="export-campaign">{m.campaign}</label>
            <Select<string>
              id="export-campaign"
              value={actId}
              onChange={setActId}
              aria-label={m.campaign}
              disabled={kind === 'audit'}
              loading={campaigns.isLoading}
              // A corp runs many campaigns: type a name or id to find one.
              showSearch={{ optionFilterProp: 'label' }}
              options={[
                { value: '', label: m.allCampaigns },
                ...(campaigns.data?.items ?? []).map((c) => ({ value: c.actId, label: `${c.title}（${c.actId}）` })),
              ]}
              data-testid="export-campaign"
            />
          </span>
          <div className="reports-field" role="radiogroup" aria-label={m.format}>
            <span>{m.format}</span>
            <Radio.Group value={format} onChange={(e) => setFormat(e.target.value)}>
              <Radio.Button value="xlsx">XLSX</Radio.Button>
              <Radio.Button value="csv">CSV</Radio.Button>
            </Radio.Group>
          </div>
          {canUnmask ? (
            <div className="reports-unmask">
              <Checkbox checked={unmasked} onChange={(e) => setUnmasked(e.target.checked)}>
                {m.unmasked}
              </Checkbox>
              <span className="muted">{m.unmaskedHelp}</span>
              {unmasked ? (
                <div className="reports-reason">
                  <label htmlFor="export-reason">{m.reason}</label>
                  <Input
                    id="export-reason"
                    value={reason}
                    maxLength={200}
                    placeholder={m.reasonPlaceholder}
                    onChange={(e) => setReason(e.target.value)}
                    status={fields.reason ? 'error' : undefined}
                    aria-describedby={fields.reason ? 'export-reason-error' : undefined}
                  />
                  {fields.reason ? (
                    <div id="export-reason-error" className="field-error" role="alert">
                      {fields.reason}
                    </div>
                  ) : null}
                </div>
              ) : null}
            </div>
          ) : null}
          <div className="reports-actions">
            <Button type="primary" htmlType="submit" loading={start.isPending} disabled={start.isPending}>
              {m.start}
            </Button>
          </div>
          {fields.form ? (
            <Alert type="error" showIcon title={fields.form} role="alert" className="reports-error" />
          ) : null}
        </form>
      </Panel>
      <Panel title={m.jobs}>
        {jobs.error ? (
          <LoadFailed error={jobs.error} retry={jobs.refetch} />
        ) : (
          <Table<ExportJob>
            rowKey="id"
            size="middle"
            loading={jobs.isLoading}
            dataSource={jobs.data?.items ?? []}
            locale={{ emptyText: <Empty description={m.empty} /> }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: jobs.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
            }}
            columns={[
              {
                title: m.col.kind,
                key: 'kind',
                render: (_, j) => (
                  <span>
                    {m.kinds[j.kind]}{' '}
                    <Tag color={j.unmasked ? 'red' : 'default'} bordered={false}>
                      {j.unmasked ? m.plain : m.masked}
                    </Tag>
                  </span>
                ),
              },
              {
                title: m.col.campaign,
                dataIndex: 'actId',
                // By its title where the corp's list has it (an id alone is what the operator does not read).
                render: (a: string | null) => (a === null ? m.allCampaigns : (titles.get(a) ?? a)),
              },
              { title: m.col.format, dataIndex: 'format', width: 80, render: (f: string) => f.toUpperCase() },
              {
                title: m.col.progress,
                key: 'progress',
                width: 240,
                render: (_, j) => (
                  <div className="reports-progress">
                    <Progress
                      percent={
                        j.state === 'done' ? 100 : j.total > 0 ? Math.min(99, Math.floor((j.rows / j.total) * 100)) : 0
                      }
                      size="small"
                      status={j.state === 'failed' ? 'exception' : j.state === 'running' ? 'active' : undefined}
                      aria-label={`${m.col.progress} ${j.id}`}
                    />
                    <span className="muted">{fill(m.rows, { n: j.rows.toLocaleString('zh-CN') })}</span>
                  </div>
                ),
              },
              {
                title: m.col.state,
                dataIndex: 'state',
                width: 110,
                render: (s: ExportJob['state'], j) => (
                  <Tag color={STATE_COLOR[s]} title={j.error ?? undefined}>
                    {m.state[s]}
                  </Tag>
                ),
              },
              { title: m.col.created, dataIndex: 'createdAt', width: 150, render: (v: number) => formatTime(v) },
              {
                title: m.col.expires,
                dataIndex: 'expiresAt',
                width: 150,
                render: (v: number | null) => formatTime(v) || '—',
              },
              {
                title: m.col.action,
                key: 'action',
                width: 100,
                render: (_, j) =>
                  j.state === 'done' ? (
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      onClick={() =>
                        download('consoleExportFile', { query: { id: j.id } }).catch((err: Error) =>
                          message.error(err.message),
                        )
                      }
                      aria-label={`${m.download} ${j.filename}`}
                    >
                      {m.download}
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </Panel>
    </div>
  );
}
