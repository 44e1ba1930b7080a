import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Popconfirm, Radio, Select, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { DraftPrize } from '#console/shared/campaign/api';
import { PRIZE_KIND_LABEL } from '#console/shared/campaign/campaign-messages';
import { t } from '../messages';
import { CodePoolCell } from './code-pool-cell';
import { et } from './editor-messages';
import { ReleaseCell } from './release-cell';

const PRIZE_KINDS = Object.entries(PRIZE_KIND_LABEL).map(([value, label]) => ({ value, label }));

export type OddsMode = 'weight' | 'probability';

/** Hundredths of a percent: in probability mode a weight is the prize's chance × 10,000 (sum 10,000). */
export const PROBABILITY_TOTAL = 10_000;

interface Props {
  /** The campaign's id: a coupon's code pool is uploaded for it. */
  campaignId: string;
  prizes: DraftPrize[];
  mode: OddsMode;
  onMode: (m: OddsMode) => void;
  onChange: (prizes: DraftPrize[]) => void;
  /** Field errors by prize index and field (`2.valueCents`). */
  errors: Record<string, string>;
  readOnly?: boolean;
}

/** What the columns need: the rows, a way to patch one, the errors, read-only. */
interface Ctx extends Props {
  set: (i: number, patch: Partial<DraftPrize>) => void;
  cell: (i: number, f: string, node: ReactNode) => ReactNode;
}

/** `奖品 1 库存`: each input's accessible name (the journeys find the inputs by it). */
const aria = (i: number, field: string) => t('campaigns.prize.cell', { n: i + 1, field });

function numberCell(c: Ctx, i: number, f: keyof DraftPrize, label: string, nullable: boolean) {
  return c.cell(
    i,
    f as string,
    <InputNumber
      aria-label={aria(i, label)}
      min={0}
      precision={0}
      placeholder={nullable ? t('campaigns.prize.unbounded') : undefined}
      value={(c.prizes[i]?.[f] as number | null | undefined) ?? null}
      disabled={c.readOnly}
      onChange={(v) => c.set(i, { [f]: v === null ? (nullable ? null : 0) : v } as Partial<DraftPrize>)}
    />,
  );
}

/** Name and kind. The id is the system's (made when the row is added, never typed): its errors show on the name. */
function whoColumns(c: Ctx): TableColumnsType<DraftPrize> {
  const name = t('campaigns.prize.name');
  const kind = t('campaigns.prize.kind');
  return [
    {
      title: name,
      key: 'name',
      width: 170,
      render: (_, p, i) =>
        c.cell(
          i,
          'name',
          <Input
            aria-label={aria(i, name)}
            value={p.name}
            disabled={c.readOnly}
            onChange={(e) => c.set(i, { name: e.target.value })}
          />,
        ),
    },
    {
      title: kind,
      key: 'kind',
      width: 104,
      render: (_, p, i) =>
        c.cell(
          i,
          'kind',
          <Select
            aria-label={aria(i, kind)}
            value={p.kind}
            disabled={c.readOnly}
            options={PRIZE_KINDS}
            onChange={(k: DraftPrize['kind']) => c.set(i, { kind: k })}
          />,
        ),
    },
  ];
}

/** Weight (or probability), stock, cap and value. */
function oddsColumns(c: Ctx): TableColumnsType<DraftPrize> {
  const probability = (p: DraftPrize, i: number) =>
    c.cell(
      i,
      'weight',
      <InputNumber
        aria-label={aria(i, t('campaigns.prize.probability'))}
        min={0}
        max={100}
        step={0.01}
        precision={2}
        value={(p.weight || 0) / 100}
        disabled={c.readOnly}
        onChange={(v) => c.set(i, { weight: Math.round((v ?? 0) * 100) })}
      />,
    );
  const weight = t('campaigns.prize.weight');
  const stock = t('campaigns.prize.stock');
  const cap = t('campaigns.prize.perUserCap');
  const value = t('campaigns.prize.value');
  return [
    {
      title: c.mode === 'weight' ? weight : t('campaigns.prize.probabilityCol'),
      key: 'weight',
      width: 72,
      render: (_, p, i) => (c.mode === 'weight' ? numberCell(c, i, 'weight', weight, false) : probability(p, i)),
    },
    { title: stock, key: 'stock', width: 72, render: (_, _p, i) => numberCell(c, i, 'stock', stock, true) },
    { title: cap, key: 'perUserCap', width: 76, render: (_, _p, i) => numberCell(c, i, 'perUserCap', cap, true) },
    {
      title: et('campaigns.codes.column'),
      key: 'codes',
      width: 150,
      render: (_, p, i) =>
        c.cell(
          i,
          'codes',
          <CodePoolCell
            campaignId={c.campaignId}
            index={i}
            prize={p}
            readOnly={c.readOnly}
            onChange={(codes) => c.set(i, { codes })}
          />,
        ),
    },
    {
      title: et('campaigns.release.column'),
      key: 'release',
      width: 150,
      render: (_, p, i) =>
        c.cell(
          i,
          'release',
          <ReleaseCell index={i} prize={p} readOnly={c.readOnly} onChange={(release) => c.set(i, { release })} />,
        ),
    },
    {
      title: value,
      key: 'valueCents',
      width: 104,
      render: (_, p, i) =>
        c.cell(
          i,
          'valueCents',
          <InputNumber
            aria-label={aria(i, value)}
            min={0}
            step={1}
            precision={2}
            prefix="¥"
            value={(p.valueCents || 0) / 100}
            disabled={c.readOnly}
            onChange={(v) => c.set(i, { valueCents: Math.round((v ?? 0) * 100) })}
          />,
        ),
    },
  ];
}

/** The fallback prize (one radio across rows) and the row's delete. */
function rowColumns(c: Ctx): TableColumnsType<DraftPrize> {
  const { prizes, onChange, readOnly } = c;
  return [
    {
      title: t('campaigns.prize.consolation'),
      key: 'consolation',
      width: 44,
      render: (_, p, i) => (
        <input
          type="radio"
          name="consolation"
          aria-label={t('campaigns.prize.setConsolation', { n: i + 1 })}
          checked={Boolean(p.consolation)}
          disabled={readOnly}
          onChange={() => onChange(prizes.map((q, j) => ({ ...q, consolation: j === i })))}
        />
      ),
    },
    {
      title: <span className="sr-only">{t('campaigns.prize.actions')}</span>,
      key: 'remove',
      width: 44,
      render: (_, p, i) => (
        <Popconfirm
          title={et('campaigns.prize.removeAsk', { name: p.name || et('campaigns.prize.unnamed', { n: i + 1 }) })}
          description={et('campaigns.prize.removeDesc')}
          okText={et('campaigns.prize.removeOk')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          disabled={readOnly || prizes.length <= 1}
          onConfirm={() => onChange(prizes.filter((_q, j) => j !== i))}
        >
          <Button
            type="text"
            danger
            aria-label={t('campaigns.prize.remove', { n: i + 1, name: p.name })}
            icon={<DeleteOutlined />}
            disabled={readOnly || prizes.length <= 1}
          />
        </Popconfirm>
      ),
    },
  ];
}

/** A new row: an id no other row has, no odds or stock yet, the first prize's image. */
const blankPrize = (prizes: DraftPrize[]): DraftPrize => ({
  id: freePrizeId(prizes),
  name: '',
  kind: 'coupon',
  image: prizes[0]?.image ?? '',
  weight: 0,
  stock: 0,
  perUserCap: 1,
  valueCents: 0,
  consolation: false,
});

/** `prize-4`, or the next number free: the id draws and bands refer to, never shown. */
export function freePrizeId(prizes: readonly DraftPrize[]): string {
  const taken = new Set(prizes.map((p) => p.id));
  let n = prizes.length + 1;
  while (taken.has(`prize-${n}`)) n++;
  return `prize-${n}`;
}

function OddsBar({ mode, onMode, sum }: { mode: OddsMode; onMode: (m: OddsMode) => void; sum: number }) {
  const off = mode === 'probability' && sum !== PROBABILITY_TOTAL;
  return (
    <div className="prize-table__bar">
      <Radio.Group
        aria-label={t('campaigns.prize.mode')}
        value={mode}
        onChange={(e) => onMode(e.target.value)}
        optionType="button"
        options={[
          { value: 'weight', label: t('campaigns.prize.byWeight') },
          { value: 'probability', label: t('campaigns.prize.byProbability') },
        ]}
      />
      <span className={off ? 'bad-text' : 'muted'}>
        {mode === 'weight'
          ? t('campaigns.prize.weightSum', { sum })
          : `${t('campaigns.prize.probabilitySum', { sum: (sum / 100).toFixed(2) })}${off ? t('campaigns.prize.mustBe100') : ''}`}
      </span>
    </div>
  );
}

/** The prize table: weight or probability, stock, caps, a coupon's codes, value in yuan, the fallback prize. */
export function PrizeTable(props: Props) {
  const { prizes, onChange, errors, readOnly } = props;
  const set = (i: number, patch: Partial<DraftPrize>) =>
    onChange(prizes.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const cell = (i: number, f: string, node: ReactNode) => {
    const error = errors[`${i}.${f}`] ?? (f === 'name' ? errors[`${i}.id`] : undefined);
    return (
      <div className={error ? 'cell cell--error' : 'cell'}>
        {node}
        {error ? (
          <div className="field-error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    );
  };
  const ctx: Ctx = { ...props, set, cell };
  const sum = prizes.reduce((s, p) => s + (p.weight || 0), 0);
  return (
    <div className="prize-table">
      <OddsBar mode={props.mode} onMode={props.onMode} sum={sum} />
      <Table<DraftPrize>
        rowKey={(_, i) => String(i)}
        size="small"
        pagination={false}
        dataSource={prizes}
        scroll={{ x: 910 }}
        columns={[...whoColumns(ctx), ...oddsColumns(ctx), ...rowColumns(ctx)]}
      />
      {readOnly ? null : (
        <Button
          className="prize-table__add"
          icon={<PlusOutlined />}
          onClick={() => onChange([...prizes, blankPrize(prizes)])}
        >
          {t('campaigns.prize.add')}
        </Button>
      )}
    </div>
  );
}
