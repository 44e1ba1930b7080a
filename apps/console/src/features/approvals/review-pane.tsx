import { type Readable, readable } from '@campaign/contract/client';
import { Alert, App, Button, Form, Input, Popconfirm, Space, Table } from 'antd';
import { type HTMLAttributes, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import type { ApiError } from '../../api/request';
import { type ApprovalItem, KEYS } from '../../shared/campaign/api';
import { yuan } from '../../shared/format';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { LoadFailed } from '../../shared/load-failed';
import { Panel } from '../../shared/panel';
import { ReadableValue } from '../../shared/readable-value';
import { t } from './messages';

type Decision = 'approve' | 'request_changes' | 'reject';
type Change = { path: string; label: string; before: Readable; after: Readable };

/** `activity.prizes.2.stock` → its segments, row indexes as numbers (the formatter reads keys and parents). */
const segments = (path: string) => path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** One campaign's diff against the live version, and the approver's decision with its comment. */
export function ReviewPane({ item, onDone }: { item: ApprovalItem; onDone: () => void }) {
  const diff = useEndpointQuery('consoleCampaignDiff', { query: { id: item.id } }, { refetchOnWindowFocus: false });
  // As read: a field that is empty on both sides (a new campaign's unused subtitle) is no change to review.
  const names = diff.data?.names ?? {};
  const changes: Change[] = (diff.data?.changes ?? [])
    .map((c) => ({
      path: c.path,
      label: c.label,
      before: readable(segments(c.path), c.before, names),
      after: readable(segments(c.path), c.after, names),
    }))
    .filter((c) => JSON.stringify(c.before) !== JSON.stringify(c.after));
  return (
    <Panel
      title={t('approvals.diffOf', { title: item.title })}
      extra={<Link to={`/campaigns/${encodeURIComponent(item.id)}`}>{t('approvals.detail')}</Link>}
    >
      {diff.error ? (
        <LoadFailed error={diff.error} retry={diff.refetch} />
      ) : !diff.data ? (
        <div className="skeleton" aria-busy="true" />
      ) : changes.length ? (
        <DiffTable changes={changes} />
      ) : (
        <p className="muted">{t('approvals.noDiff')}</p>
      )}
      <p className="muted">
        {t('approvals.budget', {
          budget: yuan(item.budgetCents),
          needed: item.approvalsNeeded,
          given: item.approvalsGiven,
        })}
      </p>
      <ReviewForm
        item={item}
        rev={diff.data?.rev}
        ready={!!diff.data}
        reload={() => void diff.refetch()}
        onDone={onDone}
      />
    </Panel>
  );
}

function DiffTable({ changes }: { changes: Change[] }) {
  return (
    <div data-testid="diff-table">
      <Table<Change>
        className="diff-table"
        rowKey="path"
        size="small"
        pagination={false}
        dataSource={changes}
        onRow={(c) => ({ 'data-path': c.path }) as HTMLAttributes<HTMLElement>}
        title={() => <span className="sr-only">{t('approvals.diffCaption')}</span>}
        columns={[
          { title: t('approvals.diff.field'), dataIndex: 'label', width: '28%', onCell: () => ({ scope: 'row' }) },
          {
            title: t('approvals.diff.before'),
            dataIndex: 'before',
            className: 'diff-before',
            render: (v: Readable) => <ReadableValue value={v} />,
          },
          {
            title: t('approvals.diff.after'),
            dataIndex: 'after',
            className: 'diff-after',
            render: (v: Readable) => <ReadableValue value={v} />,
          },
        ]}
      />
    </div>
  );
}

function ReviewForm(props: {
  item: ApprovalItem;
  rev?: number;
  ready: boolean;
  reload: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const decision = useRef<Decision>('approve');
  const [stale, setStale] = useState(false);
  const review = useEndpointForm<'consoleCampaignReview', { comment?: string }>('consoleCampaignReview', {
    toPayload: (v) => ({
      body: {
        id: props.item.id,
        rev: props.rev ?? props.item.rev,
        decision: decision.current,
        comment: (v.comment ?? '').trim(),
      },
    }),
    invalidates: [KEYS.approvals, KEYS.list, KEYS.detail],
    onSuccess: () => {
      message.success(t(`approvals.done.${decision.current}`));
      props.onDone();
    },
    // Someone changed the draft since it was opened: a warning with a reload, not an error.
    onRefused: (e: ApiError) => {
      setStale(e.status === 409);
      return e.status === 409;
    },
  });
  const comment: string = Form.useWatch('comment', review.form) ?? '';
  const decide = (d: Decision) => {
    decision.current = d;
    setStale(false);
    review.submit();
  };
  const busy = (d: Decision) => review.submitting && decision.current === d;
  const blocked = !props.ready || review.submitting;
  return (
    <Form {...review.formProps}>
      <Form.Item name="comment" label={t('approvals.comment')} htmlFor="review-comment">
        <Input.TextArea id="review-comment" rows={3} maxLength={500} />
      </Form.Item>
      {stale || review.error ? (
        <Alert
          className="gap-top"
          type={stale ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={stale ? t('approvals.stale') : review.error?.message}
          action={
            stale ? (
              <Button
                onClick={() => {
                  setStale(false);
                  props.reload();
                }}
              >
                {t('approvals.reload')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <ReviewActions blocked={blocked} needsComment={!comment.trim()} busy={busy} decide={decide} />
    </Form>
  );
}

function ReviewActions(props: {
  blocked: boolean;
  needsComment: boolean;
  busy: (d: Decision) => boolean;
  decide: (d: Decision) => void;
}) {
  const { blocked, needsComment, busy, decide } = props;
  return (
    <Space className="review-actions">
      <Popconfirm
        title={t('approvals.approveConfirm')}
        okText={t('approvals.approve')}
        cancelText={t('common.cancel')}
        onConfirm={() => decide('approve')}
      >
        <Button type="primary" disabled={blocked} loading={busy('approve')}>
          {t('approvals.approve')}
        </Button>
      </Popconfirm>
      <Button
        disabled={blocked || needsComment}
        loading={busy('request_changes')}
        onClick={() => decide('request_changes')}
      >
        {t('approvals.requestChanges')}
      </Button>
      <Popconfirm
        title={t('approvals.rejectConfirm')}
        okText={t('approvals.reject')}
        cancelText={t('common.cancel')}
        onConfirm={() => decide('reject')}
      >
        <Button danger disabled={blocked || needsComment} loading={busy('reject')}>
          {t('approvals.reject')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
