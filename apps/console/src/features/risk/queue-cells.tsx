import { Tag, Typography } from 'antd';
import { formatTime } from '../../shared/format';
import { TONES } from '../../shared/theme';
import { qt } from './queue-messages';
import { type CaseKind, deadline, keyLines, kindLabel, type ReviewCase } from './queue-model';

// The review queue's cells, shared by its table and its drawer.

const KIND_TONE: Record<CaseKind, { color: string; background: string }> = {
  'prize-award': TONES.orange,
  'risk-appeal': TONES.purple,
  'risk-ruleset': TONES.blue,
  'redemption-exception': TONES.amber,
  'rules-change': TONES.slate,
  'risk-list-import': TONES.blue,
  'risk-reversal': TONES.amber,
};

export function KindTag({ kind }: { kind: CaseKind }) {
  return (
    <Tag bordered={false} style={KIND_TONE[kind]} data-kind={kind}>
      {kindLabel(kind)}
    </Tag>
  );
}

/** 剩余 N 小时, or 已超时 in red. */
export function DeadlineText({ dueAt, now }: { dueAt: number; now: number }) {
  const due = deadline(dueAt, now);
  return (
    <Typography.Text type={due.overdue ? 'danger' : undefined} strong={due.overdue} data-overdue={due.overdue}>
      {due.text}
    </Typography.Text>
  );
}

/** A decided case: 已通过 / 已驳回 / 已关闭, by whom and when. */
export function StatusText({ item }: { item: ReviewCase }) {
  return (
    <span>
      <Typography.Text type={item.status === 'rejected' ? 'danger' : undefined}>
        {qt(`risk.queue.status.${item.status}`)}
      </Typography.Text>
      {item.decidedBy && item.decidedAt !== null ? (
        <Typography.Text type="secondary" className="risk-small risk-case-by">
          {qt('risk.queue.decidedBy', { name: item.decidedBy.name, time: formatTime(item.decidedAt) })}
        </Typography.Text>
      ) : null}
    </span>
  );
}

/** The few lines that decide most cases at a glance (the drawer has them all). */
export function KeyLines({ item }: { item: ReviewCase }) {
  return (
    <dl className="risk-lines">
      {keyLines(item).map((l) => (
        <div key={l.label} className="risk-lines__row">
          <dt>{l.label}</dt>
          <dd>{l.value}</dd>
        </div>
      ))}
    </dl>
  );
}
