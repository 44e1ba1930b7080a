import { Table } from 'antd';
import {
  type DraftPrize,
  expectedCostPer1000,
  exposure,
  oddsTable,
  unboundedPrizes,
} from '#console/shared/campaign/api';
import { yuan } from '#console/shared/format';
import { t } from '../messages';

type OddsRow = ReturnType<typeof oddsTable>[number];

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
          <dt>{t('campaigns.live.cost')}</dt>
          <dd data-testid="cost-per-1000">{yuan(cost)}</dd>
        </div>
        <div>
          <dt>{t('campaigns.live.exposure')}</dt>
          <dd data-testid="exposure">{yuan(exp)}</dd>
          {unbounded.length ? (
            <dd className="bad-text">
              {t('campaigns.live.unbounded', { names: unbounded.join(t('campaigns.names.separator')) })}
            </dd>
          ) : null}
        </div>
      </dl>
      <h3 className="live-summary__title">{t('campaigns.live.odds')}</h3>
      {odds.length ? (
        <div data-testid="odds-preview">
          <Table<OddsRow>
            className="odds-preview"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={odds}
            columns={[
              { title: t('campaigns.live.prize'), key: 'name', render: (_, o) => o.name || o.id },
              {
                title: t('campaigns.live.count'),
                key: 'stock',
                align: 'right',
                render: (_, o) => {
                  const stock = prizes.find((x) => x.id === o.id)?.stock;
                  return stock === null || stock === undefined ? t('campaigns.prize.unbounded') : stock;
                },
              },
              { title: t('campaigns.live.chance'), dataIndex: 'percentText', align: 'right' },
            ]}
          />
        </div>
      ) : (
        <p className="muted">{t('campaigns.live.noOdds')}</p>
      )}
    </div>
  );
}
