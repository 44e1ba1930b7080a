import { Alert, Button, Space, Typography } from 'antd';
import { qt } from './queue-messages';
import {
  BULK_MAX,
  type Decision,
  decisionWord,
  GROUP_LINE,
  type Grouping,
  groupCases,
  type ReviewCase,
} from './queue-model';
import { type QueueHandlers, QueueTable } from './queue-table';

/** The selection's count and its two decisions, in the kind's words when the selection is of one kind. */
export function BulkBar({
  chosen,
  onDecide,
  onClear,
}: {
  chosen: ReviewCase[];
  onDecide: (d: Decision) => void;
  onClear: () => void;
}) {
  const kinds = chosen.map((c) => c.kind);
  const tooMany = chosen.length > BULK_MAX;
  const off = chosen.length === 0 || tooMany;
  return (
    <Space size={8} wrap className="risk-bulk">
      <Typography.Text type={tooMany ? 'danger' : 'secondary'} aria-live="polite">
        {tooMany
          ? qt('risk.queue.bulk.tooMany', { max: BULK_MAX })
          : qt('risk.queue.bulk.selected', { n: chosen.length })}
      </Typography.Text>
      {chosen.length > 0 ? (
        <Button size="small" type="link" onClick={onClear}>
          {qt('risk.queue.bulk.clear')}
        </Button>
      ) : null}
      <Button danger disabled={off} onClick={() => onDecide('reject')}>
        {decisionWord(kinds, 'reject')}
      </Button>
      <Button type="primary" disabled={off} onClick={() => onDecide('approve')}>
        {decisionWord(kinds, 'approve')}
      </Button>
    </Space>
  );
}

/** The cases a bulk decision left undecided, each with the server's reason in Chinese. */
export function RefusedList({
  refused,
  onClose,
}: {
  refused: { title: string; message: string }[];
  onClose: () => void;
}) {
  return (
    <Alert
      className="risk-gap"
      type="warning"
      showIcon
      closable={{ onClose, 'aria-label': qt('common.close') }}
      title={qt('risk.queue.refused', { n: refused.length })}
      description={
        <ul className="risk-refused">
          {refused.map((r) => (
            <li key={`${r.title}-${r.message}`}>{qt('risk.queue.refusedLine', r)}</li>
          ))}
        </ul>
      }
    />
  );
}

/** The queue as one table, or a table per device or address (the largest first, 其他 last). */
export function Groups({
  cases,
  group,
  on,
  loading,
  empty,
  selected,
  setSelected,
}: {
  cases: ReviewCase[];
  group: Grouping;
  on: QueueHandlers;
  loading: boolean;
  empty: string;
  selected: string[];
  setSelected: (next: (s: string[]) => string[]) => void;
}) {
  // A table's selection replaces its own rows' ids and keeps the other tables'.
  const select = (ids: string[], here: string[]) =>
    setSelected((s) => [...s.filter((id) => !here.includes(id)), ...ids]);
  if (group === 'none' || cases.length === 0)
    return <QueueTable cases={cases} on={on} selected={selected} select={select} loading={loading} empty={empty} />;
  const line = GROUP_LINE[group];
  return (
    <div className="risk-groups">
      {groupCases(cases, group).map((g) => (
        <section
          key={g.value ?? ''}
          className="risk-group"
          aria-label={g.value ?? qt('risk.queue.group.other', { line })}
        >
          <h3 className="risk-group__title">
            {g.value === null
              ? qt('risk.queue.group.other', { line })
              : qt('risk.queue.group.title', { line, value: g.value })}
            <Typography.Text type="secondary" className="risk-group__count">
              {qt('risk.queue.group.count', { n: g.cases.length })}
            </Typography.Text>
          </h3>
          <QueueTable cases={g.cases} on={on} selected={selected} select={select} loading={false} empty={empty} />
        </section>
      ))}
    </div>
  );
}
