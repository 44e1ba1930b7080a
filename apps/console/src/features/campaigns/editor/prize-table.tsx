import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Radio, Select, Table } from 'antd';
import type { ReactNode } from 'react';
import type { DraftPrize } from '../../../shared/campaign/api';
import { PRIZE_KIND_LABEL } from '../../../shared/campaign/text';

const PRIZE_KINDS = Object.entries(PRIZE_KIND_LABEL).map(([value, label]) => ({ value, label }));

export type OddsMode = 'weight' | 'probability';

/** Hundredths of a percent: in probability mode a weight is the prize's chance × 10,000 (sum 10,000). */
export const PROBABILITY_TOTAL = 10_000;

interface Props {
  prizes: DraftPrize[];
  mode: OddsMode;
  onMode: (m: OddsMode) => void;
  onChange: (prizes: DraftPrize[]) => void;
  /** Field errors by prize index and field (`2.valueCents`). */
  errors: Record<string, string>;
  readOnly?: boolean;
}

/** The prize table: weight or probability, stock, caps, value in yuan, the fallback prize. */
export function PrizeTable({ prizes, mode, onMode, onChange, errors, readOnly }: Props) {
  const set = (i: number, patch: Partial<DraftPrize>) =>
    onChange(prizes.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const err = (i: number, f: string) => errors[`${i}.${f}`];
  const cell = (i: number, f: string, node: ReactNode) => (
    <div className={err(i, f) ? 'cell cell--error' : 'cell'}>
      {node}
      {err(i, f) ? (
        <div className="field-error" role="alert">
          {err(i, f)}
        </div>
      ) : null}
    </div>
  );
  const sum = prizes.reduce((s, p) => s + (p.weight || 0), 0);
  const num = (i: number, f: keyof DraftPrize, label: string, nullable: boolean) =>
    cell(
      i,
      f as string,
      <InputNumber
        aria-label={`奖品 ${i + 1} ${label}`}
        min={0}
        precision={0}
        placeholder={nullable ? '不限' : undefined}
        value={(prizes[i]?.[f] as number | null | undefined) ?? null}
        disabled={readOnly}
        onChange={(v) => set(i, { [f]: v === null ? (nullable ? null : 0) : v } as Partial<DraftPrize>)}
      />,
    );

  return (
    <div className="prize-table">
      <div className="prize-table__bar">
        <Radio.Group
          aria-label="出奖方式"
          value={mode}
          onChange={(e) => onMode(e.target.value)}
          optionType="button"
          options={[
            { value: 'weight', label: '按权重' },
            { value: 'probability', label: '按概率（%）' },
          ]}
        />
        <span className={mode === 'probability' && sum !== PROBABILITY_TOTAL ? 'bad-text' : 'muted'}>
          {mode === 'weight'
            ? `权重合计 ${sum}`
            : `概率合计 ${(sum / 100).toFixed(2)}%${sum !== PROBABILITY_TOTAL ? '（须为 100%）' : ''}`}
        </span>
      </div>
      <Table<DraftPrize>
        rowKey={(_, i) => String(i)}
        size="small"
        pagination={false}
        dataSource={prizes}
        scroll={{ x: 760 }}
        columns={[
          {
            title: '编号',
            key: 'id',
            width: 100,
            render: (_, p, i) =>
              cell(
                i,
                'id',
                <Input
                  aria-label={`奖品 ${i + 1} 编号`}
                  value={p.id}
                  disabled={readOnly}
                  onChange={(e) => set(i, { id: e.target.value })}
                />,
              ),
          },
          {
            title: '名称',
            key: 'name',
            width: 150,
            render: (_, p, i) =>
              cell(
                i,
                'name',
                <Input
                  aria-label={`奖品 ${i + 1} 名称`}
                  value={p.name}
                  disabled={readOnly}
                  onChange={(e) => set(i, { name: e.target.value })}
                />,
              ),
          },
          {
            title: '类型',
            key: 'kind',
            width: 104,
            render: (_, p, i) =>
              cell(
                i,
                'kind',
                <Select
                  aria-label={`奖品 ${i + 1} 类型`}
                  value={p.kind}
                  disabled={readOnly}
                  options={PRIZE_KINDS}
                  onChange={(kind: DraftPrize['kind']) => set(i, { kind })}
                />,
              ),
          },
          {
            title: mode === 'weight' ? '权重' : '概率（%）',
            key: 'weight',
            width: 72,
            render: (_, p, i) =>
              mode === 'weight'
                ? num(i, 'weight', '权重', false)
                : cell(
                    i,
                    'weight',
                    <InputNumber
                      aria-label={`奖品 ${i + 1} 概率`}
                      min={0}
                      max={100}
                      step={0.01}
                      precision={2}
                      value={(p.weight || 0) / 100}
                      disabled={readOnly}
                      onChange={(v) => set(i, { weight: Math.round((v ?? 0) * 100) })}
                    />,
                  ),
          },
          { title: '库存', key: 'stock', width: 72, render: (_, _p, i) => num(i, 'stock', '库存', true) },
          {
            title: '每人上限',
            key: 'perUserCap',
            width: 76,
            render: (_, _p, i) => num(i, 'perUserCap', '每人上限', true),
          },
          {
            title: '价值（元）',
            key: 'valueCents',
            width: 104,
            render: (_, p, i) =>
              cell(
                i,
                'valueCents',
                <InputNumber
                  aria-label={`奖品 ${i + 1} 价值（元）`}
                  min={0}
                  step={1}
                  precision={2}
                  prefix="¥"
                  value={(p.valueCents || 0) / 100}
                  disabled={readOnly}
                  onChange={(v) => set(i, { valueCents: Math.round((v ?? 0) * 100) })}
                />,
              ),
          },
          {
            title: '兜底',
            key: 'consolation',
            width: 44,
            render: (_, p, i) => (
              <input
                type="radio"
                name="consolation"
                aria-label={`奖品 ${i + 1} 设为兜底奖品`}
                checked={Boolean(p.consolation)}
                disabled={readOnly}
                onChange={() => onChange(prizes.map((q, j) => ({ ...q, consolation: j === i })))}
              />
            ),
          },
          {
            title: <span className="sr-only">操作</span>,
            key: 'remove',
            width: 44,
            render: (_, p, i) => (
              <Button
                type="text"
                danger
                aria-label={`删除奖品 ${i + 1} ${p.name}`}
                icon={<DeleteOutlined />}
                disabled={readOnly || prizes.length <= 1}
                onClick={() => onChange(prizes.filter((_q, j) => j !== i))}
              />
            ),
          },
        ]}
      />
      {readOnly ? null : (
        <Button
          className="prize-table__add"
          icon={<PlusOutlined />}
          onClick={() =>
            onChange([
              ...prizes,
              {
                id: `p${prizes.length + 1}`,
                name: '',
                kind: 'coupon',
                image: prizes[0]?.image ?? '',
                weight: 0,
                stock: 0,
                perUserCap: 1,
                valueCents: 0,
                consolation: false,
              },
            ])
          }
        >
          添加奖品
        </Button>
      )}
    </div>
  );
}
