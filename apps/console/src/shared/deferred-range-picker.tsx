import { CalendarOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense, useState } from 'react';

const load = () => import('./range-picker');
const RangePicker = lazy(load);

/**
 * antd's RangePicker, fetched when the user reaches for it (hover, focus, a click) or when it has a value to
 * show. Until then an input of the same look stands in, so a list screen's first view does not carry the
 * date picker (rc-picker, about 31 KiB gzip) that most visits never open (docs/decisions/0389).
 */
export function DeferredRangePicker(props: RangePickerProps) {
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const wanted = open !== undefined || props.value != null;
  const [from, to] = (props.placeholder ?? ['', '']) as [string, string];
  const standIn = (
    <Input
      readOnly
      id={typeof props.id === 'string' ? props.id : undefined}
      className="deferred-range-picker"
      placeholder={`${from} → ${to}`}
      suffix={<CalendarOutlined className="muted" />}
      onMouseEnter={() => void load()}
      onFocus={() => setOpen(true)}
      onClick={() => setOpen(true)}
      style={{ width: 280 }}
    />
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RangePicker {...props} autoFocus={open} open={open} onOpenChange={(o) => setOpen(o)} style={{ width: 280 }} />
    </Suspense>
  );
}
