import { DatePicker } from 'antd';
import { useMemo } from 'react';
import { fromPicker, toPicker } from './china-dayjs';
import { t } from './i18n';

/** Typed text is read in either form (`2026-12-01 10:00` or the ISO `2026-12-01T10:00`); shown in the first. */
const FORMATS = ['YYYY-MM-DD HH:mm', 'YYYY-MM-DDTHH:mm'];

/**
 * A China-time date and time (epoch ms in and out), whatever the browser's zone: antd's DatePicker over
 * china-dayjs.ts. A typed time counts once the input loses focus, without an OK click.
 */
export function ChinaDateTime({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value: number | string | null | undefined;
  onChange: (ms: number | null) => void;
  disabled?: boolean;
}) {
  // One picker value per instant: a new object on every render (another field's change re-renders the form)
  // would reset the text being typed here to the old value before it counts.
  const picked = useMemo(() => toPicker(value), [value]);
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format={FORMATS}
      needConfirm={false}
      disabled={disabled}
      value={picked}
      onChange={(d) => onChange(fromPicker(d))}
      suffixIcon={<span className="muted">{t('common.chinaTime')}</span>}
      style={{ width: '100%' }}
    />
  );
}
