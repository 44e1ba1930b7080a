import type { StoreHours } from '@campaign/contract';
import { chinaWeekMinute } from '@campaign/contract/china-time';

// Opening hours as written in the campaign file and the CSV, and "open now" in Asia/Shanghai.
// Text: "09:00-21:00" (every day) or "Mon-Fri 09:00-18:00; Sat,Sun 10:00-16:00". A span may pass
// midnight ("18:00-02:00": open until 2 a.m. the next day).

const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

function dayNumber(name: string): number | null {
  const i = DAY_NAMES.indexOf(name.trim().toLowerCase().slice(0, 3) as (typeof DAY_NAMES)[number]);
  return i < 0 ? null : i + 1;
}

function parseDays(text: string): number[] | null {
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to] = part.split('-');
    const a = from ? dayNumber(from) : null;
    if (a === null) return null;
    if (to === undefined) {
      days.add(a);
      continue;
    }
    const b = dayNumber(to);
    if (b === null) return null;
    for (let d = a; ; d = (d % 7) + 1) {
      days.add(d);
      if (d === b) break;
    }
  }
  return [...days].sort((x, y) => x - y);
}

/** Parses opening hours; throws an Error naming what is wrong. */
export function parseHours(text: string): StoreHours[] {
  const out: StoreHours[] = [];
  for (const raw of text.split(';')) {
    const seg = raw.trim();
    if (!seg) continue;
    const m = /^(?:(.+?)\s+)?(\d\d:\d\d)\s*-\s*(\d\d:\d\d)$/.exec(seg);
    if (!m) throw new Error(`hours "${seg}": expected "[days ]HH:MM-HH:MM"`);
    const [, daysText, open = '', close = ''] = m;
    if (!TIME.test(open) || !TIME.test(close) || open === '24:00') throw new Error(`hours "${seg}": invalid time`);
    if (open === close) throw new Error(`hours "${seg}": opening and closing times are the same`);
    const days = daysText ? parseDays(daysText) : [1, 2, 3, 4, 5, 6, 7];
    if (!days) throw new Error(`hours "${seg}": days must be Mon…Sun, ranges (Mon-Fri) or lists (Sat,Sun)`);
    out.push({ days, open, close });
  }
  if (out.length === 0) throw new Error('hours are empty');
  return out;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function isOpen(hours: readonly StoreHours[], now: number): boolean {
  const { day, minute } = chinaWeekMinute(now);
  const yesterday = ((day + 5) % 7) + 1;
  return hours.some((h) => {
    const open = minutes(h.open);
    const close = minutes(h.close);
    if (close > open) return h.days.includes(day) && minute >= open && minute < close;
    // Past midnight: the evening of a listed day, or the small hours after one.
    return (h.days.includes(day) && minute >= open) || (h.days.includes(yesterday) && minute < close);
  });
}

/** Today's span in Asia/Shanghai ("09:00-21:00"), or null when the store does not open today. */
export function todayHours(hours: readonly StoreHours[], now: number): string | null {
  const { day } = chinaWeekMinute(now);
  const spans = hours.filter((h) => h.days.includes(day)).map((h) => `${h.open}-${h.close}`);
  return spans.length ? spans.join(', ') : null;
}
