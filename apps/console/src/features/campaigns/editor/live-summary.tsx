import {
  type DraftPrize,
  expectedCostPer1000,
  exposure,
  oddsTable,
  unboundedPrizes,
} from '../../../shared/campaign/api';
import { yuan } from '../../../shared/format';

/**
 * Beside the prize table, recomputed on every keystroke: the odds exactly as the rules page publishes them
 * (奖品 / 数量 / 中奖概率), the expected cost per 1,000 draws and the total exposure Σ value × stock.
 */
export function LiveSummary({ prizes }: { prizes: DraftPrize[] }) {
  const odds = oddsTable(prizes);
  const cost = expectedCostPer1000(prizes);
  const exp = exposure(prizes);
  const unbounded = unboundedPrizes(prizes);
  return (
    <div className="live-summary" aria-live="polite">
      <dl className="live-figures">
        <div>
          <dt>每千次抽奖预期成本</dt>
          <dd data-testid="cost-per-1000">{yuan(cost)}</dd>
        </div>
        <div>
          <dt>总敞口（Σ 价值 × 库存）</dt>
          <dd data-testid="exposure">{yuan(exp)}</dd>
          {unbounded.length ? <dd className="bad-text">有价值的奖品库存不限：{unbounded.join('、')}</dd> : null}
        </div>
      </dl>
      <h3 className="live-summary__title">规则页公示的中奖概率</h3>
      {odds.length ? (
        <table className="odds-preview" data-testid="odds-preview">
          <thead>
            <tr>
              <th scope="col">奖品</th>
              <th scope="col">数量</th>
              <th scope="col">中奖概率</th>
            </tr>
          </thead>
          <tbody>
            {odds.map((o) => {
              const p = prizes.find((x) => x.id === o.id);
              return (
                <tr key={o.id}>
                  <td>{o.name || o.id}</td>
                  <td className="num">{p?.stock === null || p?.stock === undefined ? '不限' : p.stock}</td>
                  <td className="num">{o.percentText}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="muted">奖品权重合计为 0：没有可公示的概率。</p>
      )}
    </div>
  );
}
