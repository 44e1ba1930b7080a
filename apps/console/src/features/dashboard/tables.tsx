import type { Dashboard } from '@campaign/contract/client';
import { Table } from 'antd';
import { formatTime, yuan } from '../../shared/format';
import { t } from './messages';

type Point = Dashboard['byHour'][number];
const num = (n: number) => n.toLocaleString('zh-CN');

/** A time series as a table (the chart's numbers, readable and copyable). */
export function SeriesTable({ points, day, caption }: { points: Point[]; day?: boolean; caption: string }) {
  return (
    <Table<Point>
      size="small"
      rowKey="at"
      pagination={points.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
      dataSource={day ? points : [...points].reverse()}
      title={() => <span className="dash-caption">{caption}</span>}
      columns={[
        {
          title: t(day ? 'dashboard.col.day' : 'dashboard.col.time'),
          dataIndex: 'at',
          render: (v: number) => (day ? formatTime(v).slice(0, 10) : formatTime(v)),
        },
        { title: t('dashboard.col.pageViews'), dataIndex: 'pageViews', align: 'right', render: num },
        { title: t('dashboard.col.draws'), dataIndex: 'draws', align: 'right', render: num },
        { title: t('dashboard.col.wins'), dataIndex: 'wins', align: 'right', render: num },
        { title: t('dashboard.col.spent'), dataIndex: 'spentCents', align: 'right', render: (c: number) => yuan(c) },
      ]}
    />
  );
}

type Step = Dashboard['funnel'][number];
export function FunnelTable({ funnel }: { funnel: Step[] }) {
  return (
    <Table<Step & { rate: string }>
      size="small"
      rowKey="step"
      pagination={false}
      title={() => <span className="dash-caption">{t('dashboard.funnel.title')}</span>}
      dataSource={funnel.map((f, i) => {
        const before = i > 0 ? (funnel[i - 1]?.n ?? 0) : 0;
        return { ...f, rate: i === 0 ? '—' : before > 0 ? `${((f.n / before) * 100).toFixed(1)}%` : '—' };
      })}
      columns={[
        {
          title: t('dashboard.funnel.step'),
          dataIndex: 'step',
          render: (s: Step['step']) => t(`dashboard.funnel.${s}`),
        },
        { title: t('dashboard.funnel.n'), dataIndex: 'n', align: 'right', render: num },
        { title: t('dashboard.funnel.rate'), dataIndex: 'rate', align: 'right' },
      ]}
    />
  );
}

type Channel = Dashboard['channels'][number];
export function ChannelTable({ channels }: { channels: Channel[] }) {
  return (
    <Table<Channel>
      size="small"
      rowKey="channel"
      pagination={false}
      title={() => <span className="dash-caption">{t('dashboard.channels.title')}</span>}
      dataSource={channels}
      columns={[
        {
          title: t('dashboard.channels.channel'),
          dataIndex: 'channel',
          render: (c: string) => t(`dashboard.channel.${c}` as never),
        },
        { title: t('dashboard.col.pageViews'), dataIndex: 'pageViews', align: 'right', render: num },
        { title: t('dashboard.col.draws'), dataIndex: 'draws', align: 'right', render: num },
        { title: t('dashboard.col.wins'), dataIndex: 'wins', align: 'right', render: num },
      ]}
    />
  );
}
