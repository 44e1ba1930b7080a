import type { RiskRulesetSummary } from '@campaign/contract/client';
import { App, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '../../api/queries';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { ModeTag, ShortHash } from './labels';
import { t } from './messages';
import { RequestModal, type RequestMode } from './request-modal';
import { RulesetActions, type RulesetHandlers } from './ruleset-actions';

function columns(on: RulesetHandlers): TableColumnsType<RiskRulesetSummary> {
  return [
    {
      title: t('risk.col.version'),
      dataIndex: 'version',
      width: 90,
      render: (v: number, r) => (
        <div>
          <div className="risk-version">{t('risk.version', { version: v })}</div>
          {r.basedOn !== null ? (
            <Typography.Text type="secondary" className="risk-small">
              {t('risk.basedOn', { version: r.basedOn })}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    { title: t('risk.col.name'), dataIndex: 'name' },
    { title: t('risk.col.mode'), key: 'mode', width: 170, render: (_, r) => <ModeTag ruleset={r} /> },
    { title: t('risk.col.rules'), dataIndex: 'ruleCount', width: 80, align: 'right' },
    { title: t('risk.col.hash'), dataIndex: 'hash', width: 130, render: (h: string) => <ShortHash hash={h} /> },
    { title: t('risk.col.createdBy'), key: 'by', width: 100, render: (_, r) => r.createdBy.name },
    { title: t('risk.col.updatedAt'), dataIndex: 'updatedAt', width: 150, render: (at: number) => formatTime(at) },
    {
      title: t('risk.col.actions'),
      key: 'actions',
      width: 290,
      render: (_, r) => <RulesetActions r={r} on={on} />,
    },
  ];
}

/** 规则集: the corp's versions, newest first, with what each allows by its mode and the person's roles. */
export function RulesetsTab({ canWrite }: { canWrite: boolean }) {
  const { message } = App.useApp();
  const list = useEndpointQuery('riskRulesets');
  const [requesting, setRequesting] = useState<{ ruleset: RiskRulesetSummary; mode: RequestMode } | null>(null);
  const mode = useEndpointMutation('riskRulesetMode', {
    invalidates: ['riskRulesets', 'riskRuleset'],
    onSuccess: (r, args) => void message.success(t(`risk.done.${args.body.mode}`, { version: r.version })),
    onError: (err) => void message.error(err.message),
  });
  const on: RulesetHandlers = {
    canWrite,
    busy: mode.isPending ? (mode.variables?.body.id ?? null) : null,
    setMode: (r, m) => mode.mutate({ body: { id: r.id, mode: m } }),
    request: (r, m) => setRequesting({ ruleset: r, mode: m }),
  };
  if (list.error) return <LoadFailed error={list.error} retry={list.refetch} />;
  return (
    <>
      <Table<RiskRulesetSummary>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        pagination={false}
        columns={columns(on)}
        locale={{
          emptyText: <Empty description={t(canWrite ? 'risk.rulesets.emptyWriter' : 'risk.rulesets.empty')} />,
        }}
      />
      <RequestModal target={requesting} onClose={() => setRequesting(null)} />
    </>
  );
}
