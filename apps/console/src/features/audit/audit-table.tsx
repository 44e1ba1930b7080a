import {
  type AuditEntry,
  type ReadableChange,
  readableRecord,
  readableText,
  type StaffRole,
} from '@campaign/contract/client';
import { Descriptions, Table, type TableColumnsType, Tag } from 'antd';
import { actionLabel } from '../../shared/audit-action';
import { formatTime } from '../../shared/format';
import { ReadableValue } from '../../shared/readable-value';
import { RoleTags } from '../../shared/role-tags';
import { t } from './messages';

/** The fields the column names before 等 N 项 (the detail below the row has them all). */
const SUMMARY_FIELDS = 2;
const changesOf = (e: AuditEntry) => readableRecord(e.action, e.before, e.after);

/** 变更 in a line or two: each field's label and its value, before → after where there was a before. */
function ChangeSummary({ e }: { e: AuditEntry }) {
  const rows = changesOf(e);
  if (!rows.length) return <span className="muted">—</span>;
  const line = (c: ReadableChange) =>
    c.before
      ? t('audit.change.line', { label: c.label, before: readableText(c.before), after: readableText(c.after) })
      : t('audit.change.set', { label: c.label, after: readableText(c.after) });
  return (
    <span className="audit-change" data-testid="audit-change">
      {rows.slice(0, SUMMARY_FIELDS).map((c) => (
        <span className="audit-change__line" key={c.path}>
          {line(c)}
        </span>
      ))}
      {rows.length > SUMMARY_FIELDS ? (
        <span className="muted">{t('audit.change.more', { n: rows.length - SUMMARY_FIELDS })}</span>
      ) : null}
    </span>
  );
}

const refused = (a: string) =>
  a.endsWith('failed') || a.endsWith('locked') || a.endsWith('throttled') || a.endsWith('-refused');
const actionColor = (a: string) => (refused(a) ? 'red' : a.startsWith('settings') ? 'purple' : 'blue');

export function auditColumns(): TableColumnsType<AuditEntry> {
  return [
    { title: t('audit.col.seq'), dataIndex: 'seq', width: 80 },
    { title: t('audit.col.time'), dataIndex: 'at', width: 170, render: (at: number) => formatTime(at, true) },
    {
      title: t('audit.col.actor'),
      key: 'actor',
      width: 110,
      render: (_, e) =>
        e.actor ? <span title={e.actor.id}>{e.actor.name}</span> : <span className="muted">{t('audit.nobody')}</span>,
    },
    { title: t('audit.col.ip'), dataIndex: 'ip', width: 130, render: (ip: string | null) => ip ?? '—' },
    {
      title: t('audit.col.action'),
      dataIndex: 'action',
      render: (a: string) => (
        <Tag color={actionColor(a)} bordered={false}>
          {actionLabel(a)}
        </Tag>
      ),
    },
    {
      title: t('audit.col.subject'),
      key: 'subject',
      width: 180,
      // By name where the log knows it (a staff member, a campaign, a store); the id stays on hover for the search.
      render: (_, e) =>
        e.subjectName ? (
          <span title={e.subject ?? undefined} data-testid="audit-subject">
            {e.subjectName}
          </span>
        ) : (
          (e.subject ?? '—')
        ),
    },
    {
      title: t('audit.col.change'),
      key: 'change',
      render: (_, e) => <ChangeSummary e={e} />,
    },
  ];
}

export function EntryDetail({ e }: { e: AuditEntry }) {
  return (
    <Descriptions size="small" column={1} bordered className="audit-detail">
      <Descriptions.Item label={t('audit.col.change')}>
        <ChangeTable rows={changesOf(e)} />
      </Descriptions.Item>
      {e.actor ? (
        <Descriptions.Item label={t('layout.roles')}>
          {e.actor.roles.length ? <RoleTags roles={e.actor.roles as StaffRole[]} /> : '—'}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('audit.prevHash')}>
        <span className="mono">{e.prevHash}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('audit.hash')}>
        <span className="mono">{e.hash}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Every field the entry recorded: its label, what it was and what it became, as the approver's diff reads. */
function ChangeTable({ rows }: { rows: ReadableChange[] }) {
  if (!rows.length) return <span className="muted">—</span>;
  return (
    <Table<ReadableChange>
      className="audit-changes"
      data-testid="audit-changes"
      size="small"
      bordered
      pagination={false}
      rowKey="path"
      dataSource={rows}
      columns={[
        {
          title: t('audit.field'),
          dataIndex: 'label',
          width: 180,
          onCell: () => ({ className: 'audit-changes__field' }),
        },
        {
          title: t('audit.before'),
          key: 'before',
          render: (_, c) => (c.before ? <ReadableValue value={c.before} /> : <span className="muted">—</span>),
        },
        { title: t('audit.after'), key: 'after', render: (_, c) => <ReadableValue value={c.after} /> },
      ]}
    />
  );
}
