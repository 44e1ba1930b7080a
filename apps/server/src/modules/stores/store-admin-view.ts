import type { ConsoleStore, StoreHours } from '@campaign/contract';
import { FIELD_MESSAGES } from '@campaign/contract';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { parseHours } from './hours';
import type { StoreRow } from './repo';

// A store row as the console reads and writes it: hours back to the text they were written in, the prizes
// it accepts from their JSON.

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const acceptsSchema = z.array(z.string());

/** Days 1–7 as the shortest text parseHours reads back: "Mon-Fri", "Sat,Sun", "Mon,Wed-Fri". */
function daysText(days: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const d of [...days].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[1] === d - 1) last[1] = d;
    else runs.push([d, d]);
  }
  const name = (d: number) => DAY_NAMES[d - 1] ?? 'Mon';
  return runs
    .map(([a, b]) => (a === b ? name(a) : b === a + 1 ? `${name(a)},${name(b)}` : `${name(a)}-${name(b)}`))
    .join(',');
}

/** Opening hours as text: "09:00-21:00" when every day is the same, else "Mon-Fri 09:00-18:00; Sat,Sun 10:00-16:00". */
export function formatHours(hours: readonly StoreHours[]): string {
  return hours
    .map((h) => (h.days.length === 7 ? `${h.open}-${h.close}` : `${daysText(h.days)} ${h.open}-${h.close}`))
    .join('; ');
}

export function consoleStoreOf(row: StoreRow): ConsoleStore {
  let accepts: string[] = [];
  try {
    accepts = acceptsSchema.parse(JSON.parse(row.accepts));
  } catch {
    // A row written before migration 0026's default: it accepts nothing listed.
  }
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    cityCode: row.city_code,
    cityName: row.city_name,
    phone: row.phone,
    lng: Number(row.lng),
    lat: Number(row.lat),
    hours: formatHours(JSON.parse(row.hours) as StoreHours[]),
    accepts,
    updatedAt: Number(row.updated_at),
  };
}

/** The hours as stored (JSON), or the input refused with the field's Chinese message. */
export function storedHours(text: string, field: string): string {
  try {
    return JSON.stringify(parseHours(text));
  } catch {
    const message = FIELD_MESSAGES.storeHours['zh-CN'];
    throw new AppError(
      'VALIDATION',
      { 'zh-CN': message, 'en-US': FIELD_MESSAGES.storeHours['en-US'] },
      {
        fields: { [field]: message },
      },
    );
  }
}
