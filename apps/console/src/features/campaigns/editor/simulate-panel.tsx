import type { RouteData } from '@campaign/contract/client';
import { Alert, Button, InputNumber } from 'antd';
import { useState } from 'react';
import { type ApiError, call } from '../../../api/request';
import type { CampaignDraft } from '../../../shared/campaign/api';
import { yuan } from '../../../shared/format';

type Simulation = RouteData<'consoleCampaignSimulate'>;

/**
 * 模拟: N draws over D days against the prize table (the server runs them; nothing is stored): payout per
 * day as bars, the day each prize runs out, the chance of going over budget.
 */
export function SimulatePanel({ id, draft }: { id: string; draft: CampaignDraft }) {
  const [draws, setDraws] = useState<number>(100_000);
  const [days, setDays] = useState<number>(14);
  const [result, setResult] = useState<Simulation | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    setError(null);
    try {
      setResult(await call('consoleCampaignSimulate', { body: { id, draws, days, draft } }));
    } catch (e) {
      setError(e as ApiError);
    } finally {
      setPending(false);
    }
  };
  const max = Math.max(1, ...(result?.payoutPerDayCents ?? []));
  return (
    <div className="simulate" data-testid="simulate">
      <div className="simulate__form">
        <label htmlFor="sim-draws">抽奖次数</label>
        <InputNumber
          id="sim-draws"
          min={1}
          max={1_000_000}
          step={10_000}
          value={draws}
          onChange={(v) => setDraws(v ?? 1)}
        />
        <label htmlFor="sim-days">天数</label>
        <InputNumber id="sim-days" min={1} max={366} value={days} onChange={(v) => setDays(v ?? 1)} />
        <Button type="primary" ghost loading={pending} onClick={run}>
          运行模拟
        </Button>
      </div>
      {error ? <Alert type="error" showIcon role="alert" title={error.message} /> : null}
      {result ? (
        <div className="simulate__result">
          <p>
            派奖合计 <strong>{yuan(result.totalPayoutCents)}</strong> · 预算 {yuan(result.budgetCents)} · 超预算概率{' '}
            <strong data-testid="over-budget">{(result.overBudgetChance * 100).toFixed(1)}%</strong>
            <span className="muted"> · 用时 {result.elapsedMs} ms</span>
          </p>
          <figure className="bars" aria-label="每日派奖金额">
            <figcaption>每日派奖金额</figcaption>
            <div className="bars__plot">
              {result.payoutPerDayCents
                .map((c, d) => ({ day: d + 1, c }))
                .map(({ day, c }) => (
                  <div
                    key={day}
                    className="bars__bar"
                    style={{ height: `${(c / max) * 100}%` }}
                    title={`第 ${day} 天 ${yuan(c)}`}
                  />
                ))}
            </div>
            <div className="bars__axis muted">
              <span>第 1 天</span>
              <span>峰值 {yuan(max)}</span>
              <span>第 {result.payoutPerDayCents.length} 天</span>
            </div>
          </figure>
          <table className="odds-preview">
            <thead>
              <tr>
                <th scope="col">奖品</th>
                <th scope="col">抽中</th>
                <th scope="col">送完于</th>
              </tr>
            </thead>
            <tbody>
              {result.runOut.map((r) => (
                <tr key={r.prizeId}>
                  <td>{r.name || r.prizeId}</td>
                  <td className="num">{r.won.toLocaleString('zh-CN')}</td>
                  <td className="num">{r.day === null ? '活动内不会送完' : `第 ${r.day} 天`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">
          按预期流量运行抽奖（最多 100 万次，不保存任何数据），看每日派奖、奖品送完日与超预算概率。
        </p>
      )}
    </div>
  );
}
