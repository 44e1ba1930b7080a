import type { EntrySlot, SlotBooking } from '@campaign/contract/client';
import { AutoComplete, Button, Tooltip } from 'antd';
import { useEndpointQuery } from '#console/api/queries';
import { KIND_LABEL, STATE_LABEL } from '#console/shared/campaign/campaign-messages';
import { formatTime } from '#console/shared/format';
import { et } from './editor-messages';

// Entry slots (ADR 0383): the slot box proposes the slots of the campaign's type with 空闲/已占用 for the draft's
// window, and a timeline shows who holds each slot when, the draft's own window laid over it. The server's
// bookings come once per editor; whether a slot is free is worked out here, so it follows the dates as typed.

const DAY = 86_400_000;

/** `page:wheel` → 大转盘入口, `page:wheel-2` → 大转盘入口 2, anything else as the bank named it. */
export function slotLabel(slot: string): string {
  const m = /^page:([A-Za-z]+)(?:-(\d+))?$/.exec(slot);
  if (!m?.[1]) return et('campaigns.slot.custom', { slot });
  const type = KIND_LABEL[m[1] as keyof typeof KIND_LABEL] ?? m[1];
  return m[2] ? et('campaigns.slot.numbered', { type, n: m[2] }) : et('campaigns.slot.default', { type });
}

type Window = { startsAt: number | null; endsAt: number | null };

const overlaps = (b: SlotBooking, w: Window) =>
  w.startsAt === null || w.endsAt === null || (b.startsAt < w.endsAt && b.endsAt > w.startsAt);
const freeFor = (s: EntrySlot, w: Window) => !s.bookings.some((b) => overlaps(b, w));

/** The time the timeline spans: from today to the last end it shows (at least 30 days, at most a year). */
function span(slots: EntrySlot[], w: Window, now: number) {
  const from = Math.min(now, w.startsAt ?? now);
  const ends = slots.flatMap((s) => s.bookings.map((b) => b.endsAt));
  const last = Math.max(from + 30 * DAY, w.endsAt ?? 0, ...ends);
  return { from, to: Math.min(last, from + 366 * DAY) };
}

function Bar({
  from,
  to,
  range,
  className,
  children,
}: {
  from: number;
  to: number;
  range: { from: number; to: number };
  className: string;
  children?: React.ReactNode;
}) {
  const total = range.to - range.from;
  const left = Math.max(0, ((from - range.from) / total) * 100);
  const right = Math.min(100, ((to - range.from) / total) * 100);
  if (right <= left) return null;
  return (
    <span className={className} style={{ left: `${left}%`, width: `${right - left}%` }}>
      {children}
    </span>
  );
}

/** One row per slot: its label, its bookings as bars, the draft's window as a band, a button to take it. */
function Timeline({
  slots,
  w,
  current,
  onPick,
  readOnly,
}: {
  slots: EntrySlot[];
  w: Window;
  current: string;
  onPick: (slot: string) => void;
  readOnly?: boolean;
}) {
  const range = span(slots, w, Date.now());
  return (
    <section className="slot-timeline" aria-label={et('campaigns.slot.timeline')} data-testid="slot-timeline">
      <div className="slot-timeline__axis">
        <span />
        <span className="slot-timeline__dates">
          <span>{formatTime(range.from).slice(0, 10)}</span>
          <span>{formatTime(range.to).slice(0, 10)}</span>
        </span>
        <span />
      </div>
      {slots.map((s) => {
        const free = freeFor(s, w);
        const mine = s.slot === current;
        return (
          <div key={s.slot} className={`slot-timeline__row${mine ? ' is-current' : ''}`}>
            <span className="slot-timeline__name">
              {slotLabel(s.slot)}
              <span className={`slot-state slot-state--${free ? 'free' : 'taken'}`}>
                {free ? et('campaigns.slot.free') : et('campaigns.slot.taken')}
              </span>
            </span>
            <span className="slot-timeline__track">
              {w.startsAt !== null && w.endsAt !== null ? (
                <Bar from={w.startsAt} to={w.endsAt} range={range} className="slot-timeline__mine">
                  {mine ? et('campaigns.slot.yours') : null}
                </Bar>
              ) : null}
              {s.bookings.map((b) => (
                <Tooltip
                  key={b.id}
                  title={et('campaigns.slot.booking', {
                    title: b.title,
                    state: STATE_LABEL[b.state] ?? b.state,
                    from: formatTime(b.startsAt),
                    to: formatTime(b.endsAt),
                  })}
                >
                  <Bar from={b.startsAt} to={b.endsAt} range={range} className="slot-timeline__booking">
                    {b.title}
                  </Bar>
                </Tooltip>
              ))}
            </span>
            <span>
              {mine ? (
                <span className="muted">{et('campaigns.slot.inUse')}</span>
              ) : free && !readOnly ? (
                <Button size="small" onClick={() => onPick(s.slot)}>
                  {et('campaigns.slot.use')}
                </Button>
              ) : null}
            </span>
          </div>
        );
      })}
    </section>
  );
}

/** 入口位置: a box with the type's slots (free or taken for the draft's window), and the timeline under it. */
export function SlotField({
  id,
  slot,
  type,
  window: w,
  onChange,
  readOnly,
}: {
  id: string;
  slot: string | undefined;
  type: string;
  window: Window;
  onChange: (slot: string | undefined) => void;
  readOnly?: boolean;
}) {
  const q = useEndpointQuery('consoleCampaignSlots', { query: { id } }, { refetchOnWindowFocus: false });
  const current = slot?.trim() || `page:${type}`;
  const slots = q.data?.slots ?? [];
  const listed = slots.some((s) => s.slot === current)
    ? slots
    : [...slots, { slot: current, free: true, bookings: [] }];
  const options = listed.map((s) => ({
    value: s.slot,
    label: `${slotLabel(s.slot)} · ${freeFor(s, w) ? et('campaigns.slot.free') : et('campaigns.slot.taken')}`,
  }));
  return (
    <div className="slot-field">
      <AutoComplete
        id="b-slot"
        disabled={readOnly}
        value={slot ?? ''}
        options={options}
        placeholder={slotLabel(`page:${type}`)}
        onChange={(v: string) => onChange(v.trim() ? v : undefined)}
        style={{ width: '100%' }}
      />
      <p className="muted slot-field__label" data-testid="slot-label">
        {slotLabel(current)}
        {' · '}
        {et('campaigns.slot.hint')}
      </p>
      {q.data ? (
        <Timeline slots={listed} w={w} current={current} onPick={onChange} readOnly={readOnly} />
      ) : (
        <p className="muted">{et('campaigns.slot.loading')}</p>
      )}
    </div>
  );
}
