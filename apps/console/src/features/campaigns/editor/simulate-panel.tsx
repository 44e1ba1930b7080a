import type { RouteData } from '@campaign/contract/client';
import { Alert, Button, Form, InputNumber, Table } from 'antd';
import type { CampaignDraft } from '#console/shared/campaign/api';
import { yuan } from '#console/shared/format';
import { useEndpointForm } from '#console/shared/hooks/use-endpoint-form';
import { t } from '../messages';

type Simulation = RouteData<'consoleCampaignSimulate'>;
type RunOut = Simulation['runOut'][number];

/** Payout per day as bars, first and last day and the peak under them. */
function PayoutBars({ perDay }: { perDay: number[] }) {
  const max = Math.max(1, ...perDay);
  return (
    <figure className="bars" aria-label={t('campaigns.sim.perDay')}>
      <figcaption>{t('campaigns.sim.perDay')}</figcaption>
      <div className="bars__plot">
        {perDay
          .map((c, d) => ({ day: d + 1, c }))
          .map(({ day, c }) => (
            <div
              key={day}
              className="bars__bar"
              style={{ height: `${(c / max) * 100}%` }}
              title={t('campaigns.sim.dayPaid', { day, amount: yuan(c) })}
            />
          ))}
      </div>
      <div className="bars__axis muted">
        <span>{t('campaigns.sim.day', { day: 1 })}</span>
        <span>{t('campaigns.sim.peak', { amount: yuan(max) })}</span>
        <span>{t('campaigns.sim.day', { day: perDay.length })}</span>
      </div>
    </figure>
  );
}

function SimulationResult({ result }: { result: Simulation }) {
  return (
    <div className="simulate__result">
      <p>
        {t('campaigns.sim.total')} <strong>{yuan(result.totalPayoutCents)}</strong> ·{' '}
        {t('campaigns.sim.budget', { budget: yuan(result.budgetCents) })} · {t('campaigns.sim.over')}{' '}
        <strong data-testid="over-budget">{(result.overBudgetChance * 100).toFixed(1)}%</strong>
        <span className="muted"> · {t('campaigns.sim.elapsed', { ms: result.elapsedMs })}</span>
      </p>
      <PayoutBars perDay={result.payoutPerDayCents} />
      <Table<RunOut>
        className="odds-preview"
        size="small"
        rowKey="prizeId"
        pagination={false}
        dataSource={result.runOut}
        columns={[
          { title: t('campaigns.sim.prize'), key: 'name', render: (_, r) => r.name || r.prizeId },
          {
            title: t('campaigns.sim.won'),
            key: 'won',
            align: 'right',
            render: (_, r) => r.won.toLocaleString('zh-CN'),
          },
          {
            title: t('campaigns.sim.runOut'),
            key: 'day',
            align: 'right',
            render: (_, r) => (r.day === null ? t('campaigns.sim.never') : t('campaigns.sim.day', { day: r.day })),
          },
          // A paced prize (ADR 0063): the days its release was all given before the day ended (今日已抢完).
          ...(result.runOut.some((r) => r.pacedOutDays !== undefined)
            ? [
                {
                  title: t('campaigns.sim.pacedOut'),
                  key: 'pacedOutDays',
                  align: 'right' as const,
                  render: (_: unknown, r: RunOut) =>
                    r.pacedOutDays === undefined
                      ? t('campaigns.sim.notPaced')
                      : t('campaigns.sim.pacedDays', { n: r.pacedOutDays }),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

/**
 * 模拟: N draws over D days against the prize table (the server runs them; nothing is stored): payout per
 * day as bars, the day each prize runs out, the chance of going over budget.
 */
export function SimulatePanel({ id, draft }: { id: string; draft: CampaignDraft }) {
  const { formProps, submitting, error, data } = useEndpointForm('consoleCampaignSimulate', {
    toPayload: (v: { draws: number; days: number }) => ({
      body: { id, draws: v.draws ?? 1, days: v.days ?? 1, draft },
    }),
  });
  return (
    <div className="simulate" data-testid="simulate">
      <Form
        {...formProps}
        name="simulate"
        layout="inline"
        className="simulate__form"
        initialValues={{ draws: 100_000, days: 14 }}
      >
        <Form.Item name="draws" label={t('campaigns.sim.draws')}>
          <InputNumber min={1} max={1_000_000} step={10_000} />
        </Form.Item>
        <Form.Item name="days" label={t('campaigns.sim.days')}>
          <InputNumber min={1} max={366} />
        </Form.Item>
        <Button type="primary" ghost loading={submitting} htmlType="submit">
          {t('campaigns.sim.run')}
        </Button>
      </Form>
      {error ? <Alert type="error" showIcon role="alert" title={error.message} /> : null}
      {data ? <SimulationResult result={data} /> : <p className="muted">{t('campaigns.sim.hint')}</p>}
    </div>
  );
}
