import { DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useEndpointQuery } from '../../api/queries';
import { dayToPicker, pickerToDay } from '../../shared/china-dayjs';
import { st } from './scope-messages';

/**
 * A campaign by its NAME: a searchable select over the campaign list (the server searches titles and ids);
 * the value is the campaign's id, never shown. `known` names the chosen one before the list has it.
 */
export function CampaignPicker(props: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  known?: { id: string; title: string | null } | undefined;
  placeholder: string;
  label: string;
  allowClear?: boolean;
  testId?: string;
}) {
  const [q, setQ] = useState('');
  const list = useEndpointQuery(
    'consoleCampaignList',
    { query: { q: q.trim() || undefined, page: 1, pageSize: 30 } },
    { placeholderData: (prev) => prev, staleTime: 30_000 },
  );
  const items = list.data?.items ?? [];
  const options = items.map((c) => ({ value: c.id, label: c.title || c.id }));
  const { known, value } = props;
  if (value && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: known?.id === value && known.title ? known.title : st('dashboard.pick') });
  }
  return (
    <Select
      data-testid={props.testId}
      aria-label={props.label}
      style={{ width: 240 }}
      showSearch
      allowClear={props.allowClear ?? true}
      placeholder={props.placeholder}
      filterOption={false}
      onSearch={setQ}
      loading={list.isFetching}
      value={value ?? null}
      onChange={(v: string | null | undefined) => props.onChange(v || undefined)}
      options={options}
    />
  );
}

/** Days in Beijing time, both included: the URL's `from` / `to`. */
export function DayRange(props: {
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
}) {
  return (
    <DatePicker.RangePicker
      aria-label={st('dashboard.range')}
      allowEmpty={[true, true]}
      placeholder={[st('dashboard.rangeStart'), st('dashboard.rangeEnd')]}
      value={props.from || props.to ? [dayToPicker(props.from), dayToPicker(props.to)] : null}
      onChange={(v: [Dayjs | null, Dayjs | null] | null) => props.onChange(pickerToDay(v?.[0]), pickerToDay(v?.[1]))}
      style={{ width: 260 }}
    />
  );
}
