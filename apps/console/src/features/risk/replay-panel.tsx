import type { RiskReplay } from '@campaign/contract/client';
import { Button, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useEndpointMutation } from '../../api/queries';
import { Panel } from '../../shared/panel';
import { ShortHash } from './labels';
import { t } from './messages';

const count = (n: number) => n.toLocaleString('zh-CN');

function Result({ replay }: { replay: RiskReplay }) {
  return (
    <>
      <dl className="risk-replay__figures">
        <dt>{t('risk.replay.events')}</dt>
        <dd className="risk-num">{count(replay.events)}</dd>
        <dt>{t('risk.replay.acted')}</dt>
        <dd className="risk-num">{count(replay.acted)}</dd>
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
          {
            title: t('risk.replay.col.hits'),
            dataIndex: 'hits',
            align: 'right',
            width: 140,
            render: (n: number) => <span className="risk-num">{count(n)}</span>,
          },
        ]}
      />
    </>
  );
}

/** 历史回放: the version's rules run again over the stored decision log (the features as they were then). */
export function ReplayPanel({ id }: { id: string }) {
  const [actId, setActId] = useState('');
  const replay = useEndpointMutation('riskReplay');
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
          loading={replay.isPending}
          onClick={() => replay.mutate({ body: { id, ...(actId.trim() ? { actId: actId.trim() } : {}) } })}
        >
          {t('risk.replay.run')}
        </Button>
      </Space.Compact>
      {replay.error ? <Typography.Text type="danger">{replay.error.message}</Typography.Text> : null}
      {replay.data ? <Result replay={replay.data} /> : null}
    </Panel>
  );
}
