import { ArrowLeftOutlined } from '@ant-design/icons';
import type { RiskReport } from '@campaign/contract/client';
import { Empty, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import { yuan } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import { actionLabel, ModeTag, ShortHash } from './labels';
import { t } from './messages';
import { ReplayPanel } from './replay-panel';
import './risk.css';

type ReportRule = RiskReport['rules'][number];

const count = (n: number) => n.toLocaleString('zh-CN');
/** A share as people read it: `96.5%`. */
export const percent = (share: number) => `${(share * 100).toFixed(1).replace(/\.0$/, '')}%`;

function ruleColumns(compared: boolean): TableColumnsType<ReportRule> {
  const num = (title: string, key: keyof ReportRule, render = count) => ({
    title,
    dataIndex: key,
    align: 'right' as const,
    width: 110,
    render: (v: number) => <span className="risk-num">{render(v)}</span>,
  });
  return [
    {
      title: t('risk.report.col.rule'),
      key: 'rule',
      render: (_, r) => (
        <div>
          <div>{r.name}</div>
          <Typography.Text type="secondary" className="mono">
            {r.ruleId}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('risk.report.col.action'), dataIndex: 'action', width: 100, render: actionLabel },
    num(t('risk.report.col.hits'), 'hits'),
    num(t('risk.report.col.customers'), 'customers'),
    ...(compared ? [num(t('risk.report.col.overlap'), 'overlap')] : []),
    { ...num(t('risk.report.col.withheld'), 'withheldCents', yuan), width: 140 },
    num(t('risk.report.col.reviewed'), 'reviewed'),
    {
      title: t('risk.report.col.precision'),
      key: 'precision',
      align: 'right',
      width: 100,
      render: (_, r) =>
        r.precision === null || r.reviewed === 0 ? (
          <Typography.Text type="secondary">{t('risk.report.noReview')}</Typography.Text>
        ) : (
          <span className="risk-num">{percent(r.precision)}</span>
        ),
    },
  ];
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Panel>
      <div className="risk-figure__label">{label}</div>
      <div className="risk-figure__value">{value}</div>
      {note ? <div className="muted risk-small">{note}</div> : null}
    </Panel>
  );
}

function ReportBody({ report }: { report: RiskReport }) {
  const r = report.ruleset;
  const enforced = report.enforced;
  const share = report.decisions ? percent(report.differs / report.decisions) : null;
  return (
    <>
      <div className="risk-gap risk-report-head">
        <ModeTag ruleset={r} /> <span className="muted">{t('risk.report.hash')}</span> <ShortHash hash={r.hash} />
      </div>
      <div className="risk-figures">
        <Figure label={t('risk.report.decisions')} value={count(report.decisions)} />
        <Figure label={t('risk.report.customers')} value={count(report.customers)} />
        <Figure
          label={t('risk.report.differs')}
          value={enforced ? count(report.differs) : '—'}
          note={enforced && share ? t('risk.report.differsShare', { pct: share }) : undefined}
        />
        <Figure
          label={t('risk.report.enforced')}
          value={enforced ? t('risk.version', { version: enforced.version }) : '—'}
          note={enforced ? enforced.name : t('risk.report.noEnforced')}
        />
      </div>
      <Panel title={t('risk.report.rules')}>
        {report.decisions === 0 ? (
          <Empty description={t('risk.report.empty')} />
        ) : (
          <Table<ReportRule>
            rowKey="ruleId"
            size="middle"
            pagination={false}
            dataSource={report.rules}
            columns={ruleColumns(enforced !== null)}
          />
        )}
      </Panel>
    </>
  );
}

/** /risk/rulesets/:id/report: what a version did (or would have done) since it first ran, rule by rule. */
export function RiskReportScreen() {
  const { id = '' } = useParams();
  const report = useEndpointQuery('riskReport', { query: { id } });
  const r = report.data?.ruleset;
  const title = r ? t('risk.report.title', { name: r.name, version: r.version }) : t('risk.do.report');
  const back = (
    <Link to="/risk">
      <ArrowLeftOutlined /> {t('risk.report.back')}
    </Link>
  );
  return (
    <div className="console-page risk-page">
      <PageHead title={title} extra={back} />
      {report.error ? (
        <LoadFailed error={report.error} retry={report.refetch} />
      ) : report.data ? (
        <>
          <ReportBody report={report.data} />
          <ReplayPanel id={id} />
        </>
      ) : (
        <Skeleton active aria-busy="true" />
      )}
    </div>
  );
}
