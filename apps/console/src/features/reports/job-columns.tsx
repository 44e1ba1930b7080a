import { DownloadOutlined } from '@ant-design/icons';
import type { ExportJob } from '@campaign/contract/client';
import { Button, Progress, type TableColumnsType, Tag } from 'antd';
import { formatTime } from '../../shared/format';
import { t } from './messages';

const STATE_COLOR = { running: 'processing', done: 'success', failed: 'error', expired: 'default' } as const;

const percent = (j: ExportJob) =>
  j.state === 'done' ? 100 : j.total > 0 ? Math.min(99, Math.floor((j.rows / j.total) * 100)) : 0;

function Kind({ j }: { j: ExportJob }) {
  return (
    <span>
      {t(`reports.kinds.${j.kind}`)}{' '}
      <Tag color={j.unmasked ? 'red' : 'default'} bordered={false}>
        {j.unmasked ? t('reports.plain') : t('reports.masked')}
      </Tag>
      {j.unmasked ? (
        <Tag bordered={false} title={t('reports.ownerOnlyHelp')}>
          {t('reports.ownerOnly')}
        </Tag>
      ) : null}
    </span>
  );
}

function JobProgress({ j }: { j: ExportJob }) {
  return (
    <div className="reports-progress">
      <Progress
        percent={percent(j)}
        size="small"
        status={j.state === 'failed' ? 'exception' : j.state === 'running' ? 'active' : undefined}
        aria-label={`${t('reports.col.progress')} ${j.id}`}
      />
      <span className="muted">{t('reports.rows', { n: j.rows.toLocaleString('zh-CN') })}</span>
    </div>
  );
}

export function jobColumns(on: {
  /** A campaign's title where the corp's list has it (an id alone is what the operator does not read). */
  title: (actId: string) => string;
  download: (j: ExportJob) => void;
}): TableColumnsType<ExportJob> {
  return [
    { title: t('reports.col.kind'), key: 'kind', render: (_, j) => <Kind j={j} /> },
    {
      title: t('reports.col.campaign'),
      dataIndex: 'actId',
      render: (a: string | null) => (a === null ? t('reports.allCampaigns') : on.title(a)),
    },
    { title: t('reports.col.format'), dataIndex: 'format', width: 80, render: (f: string) => f.toUpperCase() },
    { title: t('reports.col.progress'), key: 'progress', width: 240, render: (_, j) => <JobProgress j={j} /> },
    {
      title: t('reports.col.state'),
      dataIndex: 'state',
      width: 110,
      render: (s: ExportJob['state'], j) => (
        <Tag color={STATE_COLOR[s]} title={j.error ?? undefined}>
          {t(`reports.state.${s}`)}
        </Tag>
      ),
    },
    { title: t('reports.col.created'), dataIndex: 'createdAt', width: 150, render: (v: number) => formatTime(v) },
    {
      title: t('reports.col.expires'),
      dataIndex: 'expiresAt',
      width: 150,
      render: (v: number | null) => formatTime(v) || '—',
    },
    {
      title: t('reports.col.action'),
      key: 'action',
      width: 100,
      render: (_, j) =>
        j.state === 'done' ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => on.download(j)}
            aria-label={`${t('reports.download')} ${j.filename}`}
          >
            {t('reports.download')}
          </Button>
        ) : null,
    },
  ];
}
