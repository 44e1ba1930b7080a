import { Button, Checkbox, InputNumber, Popover, Radio, Space, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { DraftPrize } from '#console/shared/campaign/api';
import { et } from './editor-messages';

type Release = NonNullable<DraftPrize['release']>;

/** 每天 10:00 发 1000 份 · 不顺延: a row's schedule in a few words. */
export function releaseSummary(r: Release | null | undefined): string {
  if (!r) return et('campaigns.release.none');
  const text =
    r.every === 'hour'
      ? et('campaigns.release.hourly', { n: r.units })
      : et('campaigns.release.daily', { at: r.at ?? '00:00', n: r.units });
  return r.rollover === false ? `${text} · ${et('campaigns.release.lapses')}` : text;
}

/**
 * A stocked prize's release schedule (issue 37, ADR 0063): one release at the start, or units released each day at a
 * time or each hour on the hour, rolling over or not. Edited in a popover; the server's checks hold its limits.
 */
export function ReleaseCell(props: {
  index: number;
  prize: DraftPrize;
  readOnly?: boolean;
  onChange: (release: DraftPrize['release'] | null) => void;
}) {
  const { index, prize, readOnly, onChange } = props;
  const [open, setOpen] = useState(false);
  if (prize.consolation || prize.stock === null || prize.stock === undefined) {
    return <span className="muted">{et('campaigns.release.noStock')}</span>;
  }
  const r = prize.release ?? null;
  const label = et('campaigns.release.edit', { n: index + 1 });
  // The button's name starts with the row's and holds what it shows (screen readers and axe read both).
  const shown = r ? releaseSummary(r) : et('campaigns.release.set');
  const draft: Release = r ?? {
    every: 'day',
    at: '10:00',
    units: Math.max(1, Math.min(prize.stock, 100)),
    rollover: true,
  };
  const form = (
    <ReleaseForm
      draft={draft}
      stock={prize.stock}
      label={label}
      onPatch={(p) => onChange({ ...draft, ...p })}
      onClear={r ? () => (onChange(null), setOpen(false)) : null}
    />
  );
  return (
    <Popover
      trigger="click"
      open={open && !readOnly}
      onOpenChange={(o) => {
        setOpen(o);
        // Opening the editor on a row with none proposes a schedule (daily 10:00) the operator then adjusts.
        if (o && !r && !readOnly) onChange(draft);
      }}
      title={label}
      content={form}
    >
      <Button
        size="small"
        type={r ? 'default' : 'dashed'}
        disabled={readOnly}
        aria-label={et('campaigns.release.name', { label, shown })}
      >
        {shown}
      </Button>
    </Popover>
  );
}

/** The schedule's fields: period, time of day, units, rollover; and back to one release. */
function ReleaseForm(props: {
  draft: Release;
  stock: number;
  label: string;
  onPatch: (p: Partial<Release>) => void;
  onClear: (() => void) | null;
}) {
  const { draft, stock, label, onPatch, onClear } = props;
  return (
    <Space orientation="vertical" size={8} style={{ width: 260 }} aria-label={label}>
      <span className="muted">{et('campaigns.release.hint')}</span>
      <Radio.Group
        aria-label={et('campaigns.release.every')}
        value={draft.every}
        onChange={(e) =>
          onPatch(
            e.target.value === 'hour' ? { every: 'hour', at: undefined } : { every: 'day', at: draft.at ?? '10:00' },
          )
        }
        options={[
          { value: 'day', label: et('campaigns.release.everyDay') },
          { value: 'hour', label: et('campaigns.release.everyHour') },
        ]}
      />
      {draft.every === 'day' && (
        <TimePicker
          aria-label={et('campaigns.release.at')}
          format="HH:mm"
          allowClear={false}
          value={dayjs(`2000-01-01T${draft.at ?? '10:00'}`)}
          onChange={(v) => v && onPatch({ at: v.format('HH:mm') })}
        />
      )}
      <span>{et('campaigns.release.units')}</span>
      <InputNumber
        aria-label={et('campaigns.release.units')}
        min={1}
        max={stock}
        precision={0}
        value={draft.units}
        onChange={(v) => v !== null && onPatch({ units: v })}
      />
      <Checkbox checked={draft.rollover !== false} onChange={(e) => onPatch({ rollover: e.target.checked })}>
        {et('campaigns.release.rollover')}
      </Checkbox>
      {onClear && (
        <Button size="small" onClick={onClear}>
          {et('campaigns.release.clear')}
        </Button>
      )}
    </Space>
  );
}
