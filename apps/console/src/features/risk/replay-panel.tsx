import type { RiskReplay, RiskReplayJob } from '@campaign/contract/client';
import { Alert, Button, Input, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '../../api/queries';
import { yuan } from '../../shared/format';
import { Panel } from '../../shared/panel';
import { ShortHash } from './labels';
import { t } from './messages';
import { pollEvery, replayProgress } from './replay-model';

const count = (n: number) => n.toLocaleString('zh-CN');
const num = (n: number) => <span className="risk-num">{count(n)}</span>;
const money = (c: number) => <span className="risk-num">{yuan(c)}</span>;

function Result({ replay }: { replay: RiskReplay }) {
  return (
    <>
      <dl className="risk-replay__figures">
        <dt>{t('risk.replay.events')}</dt>
        <dd>{num(replay.events)}</dd>
        <dt>{t('risk.replay.acted')}</dt>
        <dd>{num(replay.acted)}</dd>
        <dt>{t('risk.replay.customers')}</dt>
        <dd>{num(replay.customers)}</dd>
        <dt>{t('risk.replay.withheld')}</dt>
        <dd>{money(replay.withheldCents)}</dd>
        <dt>{t('risk.replay.ms')}</dt>
        <dd className="risk-num">{t('risk.replay.msValue', { ms: count(replay.ms) })}</dd>
        <dt>{t('risk.replay.checksum')}</dt>
        <dd>
          <ShortHash hash={replay.checksum} />
        </dd>
      </dl>
      <Table
        rowKey="ruleId"
        size="small"
        pagination={false}
        dataSource={replay.rules}
        columns={[
          { title: t('risk.report.col.rule'), dataIndex: 'name' },
          { title: t('risk.replay.col.hits'), dataIndex: 'hits', align: 'right', width: 140, render: num },
          { title: t('risk.report.col.customers'), dataIndex: 'customers', align: 'right', width: 140, render: num },
          {
            title: t('risk.report.col.withheld'),
            dataIndex: 'withheldCents',
            align: 'right',
            width: 160,
            render: money,
          },
        ]}
      />
    </>
  );
}

/** The job's progress bar while it runs (polled), its end state, and its figures once done. */
function JobView({ id }: { id: string }) {
  const read = useEndpointQuery(
    'riskReplayJob',
    { query: { id } },
    { refetchInterval: (q) => pollEvery(q.state.data) },
  );
  const cancel = useEndpointMutation('riskReplayCancel');
  const job: RiskReplayJob | undefined = cancel.data?.state === 'cancelled' ? cancel.data : read.data;
  if (read.error) return <Typography.Text type="danger">{read.error.message}</Typography.Text>;
  if (!job) return <Progress percent={0} status="active" aria-label={t('risk.replay.progress')} />;
  const p = replayProgress(job);
  return (
    <>
      <Space className="risk-gap" align="center" wrap>
        <Progress
          className="risk-replay__bar"
          percent={p.percent}
          status={p.status}
          aria-label={t('risk.replay.progress')}
        />
        <Typography.Text type="secondary">
          {t('risk.replay.counted', { done: count(job.done), total: count(job.total) })}
        </Typography.Text>
        {p.cancellable ? (
          <Button danger loading={cancel.isPending} onClick={() => cancel.mutate({ body: { id } })}>
            {t('risk.replay.cancel')}
          </Button>
        ) : null}
      </Space>
      <Alert
        showIcon
        type={{ running: 'info', done: 'success', cancelled: 'warning', failed: 'error' }[job.state] as 'info'}
        message={t(`risk.replay.state.${job.state}`)}
      />
      {job.state === 'done' && job.result ? <Result replay={job.result} /> : null}
    </>
  );
}

/**
 * 历史回放: the version's rules run again over the stored decision log (the features as they were then), as
 * a job on the server (ADR 0061): a start joins the one already running for the version and campaign.
 */
export function ReplayPanel({ id }: { id: string }) {
  const [actId, setActId] = useState('');
  const start = useEndpointMutation('riskReplay');
  return (
    <Panel title={t('risk.replay.title')}>
      <Typography.Paragraph type="secondary">{t('risk.replay.hint')}</Typography.Paragraph>
      <Space.Compact className="risk-gap">
        <Input
          aria-label={t('risk.replay.actId')}
          placeholder={t('risk.replay.actId')}
          value={actId}
          maxLength={64}
          onChange={(e) => setActId(e.target.value)}
        />
        <Button
          type="primary"
          loading={start.isPending}
          onClick={() => start.mutate({ body: { id, ...(actId.trim() ? { actId: actId.trim() } : {}) } })}
        >
          {t('risk.replay.run')}
        </Button>
      </Space.Compact>
      {start.error ? <Typography.Text type="danger">{start.error.message}</Typography.Text> : null}
      {start.data ? <JobView key={start.data.id} id={start.data.id} /> : null}
    </Panel>
  );
}
