import { chinaWallIso, fromChinaWall } from '@campaign/contract/china-time';
import dayjs, { type Dayjs } from 'dayjs';

// antd's pickers hold dayjs values in the browser's own zone. The console shows and takes China time whatever
// that zone is: a picker value is China wall time written as a local dayjs, converted only here.

/** Epoch ms (or ISO text) → the picker's value showing it as China wall time; null when there is none. */
export function toPicker(v: number | string | null | undefined): Dayjs | null {
  const ms = typeof v === 'number' ? v : typeof v === 'string' && v ? Date.parse(v) : Number.NaN;
  return Number.isFinite(ms) ? dayjs(chinaWallIso(ms)) : null;
}

/** The picker's value (China wall time) → epoch ms; null when cleared. */
export function fromPicker(d: Dayjs | null | undefined): number | null {
  if (!d?.isValid()) return null;
  const ms = fromChinaWall(d.format('YYYY-MM-DD HH:mm:ss'));
  return Number.isFinite(ms) ? ms : null;
}

/** A picked day (`YYYY-MM-DD`, as a URL filter keeps it) → the picker's value, and back. */
export const dayToPicker = (day: string | null | undefined): Dayjs | null => (day ? dayjs(day) : null);
export const pickerToDay = (d: Dayjs | null | undefined): string | undefined =>
  d?.isValid() ? d.format('YYYY-MM-DD') : undefined;

/** The start of a China day (`YYYY-MM-DD`) as epoch ms, and the first ms of the next one. */
export const chinaDayStartOf = (day: string) => fromChinaWall(day);
export const chinaDayEndOf = (day: string) => fromChinaWall(day) + 86_400_000;
