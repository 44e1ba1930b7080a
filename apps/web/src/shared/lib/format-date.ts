import dayjs from 'dayjs';

/** spec §3: default pattern year-month-day hour:minute:second. */
export const DEFAULT_DATE_PATTERN = 'YYYY-MM-DD HH:mm:ss';

/** Display filter `formatDate`: empty output for empty (or unparsable) input. */
export function formatDate(
  value: string | number | Date | null | undefined,
  pattern: string = DEFAULT_DATE_PATTERN,
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : '';
}
