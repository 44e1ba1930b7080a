import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import { type ApiError, call } from '../../api/request';
import { type ApprovalItem, type CampaignRow, KEYS, who } from '../../shared/campaign/api';
import { formatTime, yuan } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel } from '../../shared/panel';
import '../../shared/campaign/campaign.css';
import { StateTag } from '../../shared/campaign/state-tag';
import { FIELD_LABEL, KIND_LABEL, PRIZE_KIND_LABEL } from '../../shared/campaign/text';
import './approvals.css';

/** 待我审批: what waits for me (never my own, never one I already voted on), with the field-by-field diff. */
function ApprovalsScreenBody() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const inbox = useEndpointQuery('consoleApprovals');
  const items = inbox.data?.items ?? [];
  const current = items.find((i) => i.id === selected) ?? null;
  return (
    <div className="console-page console-page--wide">
      <PageHead title="待我审批" subtitle="逐项核对与线上版本的差异后再决定。不能审批自己提交的修改。" />
      <div className="approvals-grid">
        <Panel title={`待审批（${items.length}）`}>
          {inbox.error ? (
            <LoadFailed error={inbox.error} retry={inbox.refetch} />
          ) : (
            <Table<ApprovalItem>
              rowKey="id"
              size="middle"
              loading={inbox.isFetching && !inbox.data}
              dataSource={items}
              pagination={false}
              locale={{ emptyText: <Empty description="没有等你审批的活动" /> }}
              rowClassName={(r) => (r.id === selected ? 'row--selected' : '')}
              columns={[
                {
                  title: '活动',
                  key: 'title',
                  render: (_, r) => (
                    <button type="button" className="link-button" onClick={() => setParams({ id: r.id })}>
                      {r.title || r.id}
                    </button>
                  ),
                },
                {
                  title: '类型',
                  dataIndex: 'kind',
                  width: 110,
                  render: (k: CampaignRow['kind']) => KIND_LABEL[k] ?? k,
                },
                {
                  title: '状态',
                  key: 's',
                  width: 170,
                  render: (_, r) => <StateTag state={r.state} revision={r.revisionState} />,
                },
                {
                  title: '提交',
                  key: 'by',
                  width: 170,
                  render: (_, r) => (
                    <span>
                      {who(r.submittedBy)} <span className="muted">{formatTime(r.submittedAt)}</span>
                    </span>
                  ),
                },
              ]}
            />
          )}
        </Panel>
        {current ? (
          <ReviewPane key={current.id} item={current} onDone={() => setParams({})} />
        ) : (
          <Panel title="差异">
            <p className="muted">在左侧选择一个活动，查看它与线上版本逐项的差异。</p>
          </Panel>
        )}
      </div>
    </div>
  );
}

/**
 * A diff value as an approver reads it: times in China time, money in yuan, yes / no, a kind by its name,
 * nothing as （无）; anything else as the campaign file writes it.
 */
function show(v: unknown, path: string): string {
  const key = path.split('.').pop() ?? '';
  if (v === undefined || v === null || (Array.isArray(v) && v.length === 0) || v === '') return '（无）';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'number' && key.endsWith('At')) return formatTime(v);
  if (typeof v === 'number' && key.endsWith('Cents')) return yuan(v);
  if (typeof v === 'string' && key === 'kind' && path.includes('prizes')) return PRIZE_KIND_LABEL[v] ?? v;
  if (typeof v === 'string' && (key === 'kind' || key === 'type') && v in KIND_LABEL)
    return KIND_LABEL[v as keyof typeof KIND_LABEL];
  if (Array.isArray(v)) return v.map((x, i) => show(x, `${path}.${i}`)).join('；');
  if (typeof v === 'object') {
    // A row added or removed whole (a prize, a task, a store): its fields in words, not the file's JSON.
    return Object.entries(v as Record<string, unknown>)
      .filter(([k, x]) => k !== 'id' && k !== 'image' && !(Array.isArray(x) && x.length === 0))
      .map(([k, x]) => `${FIELD_LABEL[k] ?? k} ${x === null ? '不限' : show(x, `${path}.${k}`)}`)
      .join('，');
  }
  return String(v);
}

function ReviewPane({ item, onDone }: { item: ApprovalItem; onDone: () => void }) {
  const [comment, setComment] = useState('');
  const client = useQueryClient();
  const { message } = App.useApp();
  const diff = useEndpointQuery('consoleCampaignDiff', { query: { id: item.id } }, { refetchOnWindowFocus: false });
  const review = useMutation<unknown, ApiError, 'approve' | 'request_changes' | 'reject'>({
    mutationFn: (decision) =>
      call('consoleCampaignReview', {
        body: { id: item.id, rev: diff.data?.rev ?? item.rev, decision, comment: comment.trim() },
      }),
    onSuccess: async (_, d) => {
      message.success({ approve: '已批准', request_changes: '已要求修改', reject: '已驳回' }[d]);
      await client.invalidateQueries({ queryKey: [KEYS.approvals] });
      await client.invalidateQueries({ queryKey: [KEYS.list] });
      await client.invalidateQueries({ queryKey: [KEYS.detail] });
      onDone();
    },
  });
  const stale = review.error?.status === 409;
  // As read: a field that is empty on both sides (a new campaign's unused subtitle) is no change to review.
  const changes = (diff.data?.changes ?? [])
    .map((c) => ({ path: c.path, label: c.label, before: show(c.before, c.path), after: show(c.after, c.path) }))
    .filter((c) => c.before !== c.after);
  const needsComment = !comment.trim();
  return (
    <Panel title={`差异：${item.title}`} extra={<Link to={`/campaigns/${encodeURIComponent(item.id)}`}>活动详情</Link>}>
      {diff.error ? (
        <LoadFailed error={diff.error} retry={diff.refetch} />
      ) : !diff.data ? (
        <div className="skeleton" aria-busy="true" />
      ) : changes.length ? (
        <table className="diff-table" data-testid="diff-table">
          <caption className="sr-only">与线上版本的差异</caption>
          <thead>
            <tr>
              <th scope="col">字段</th>
              <th scope="col">修改前</th>
              <th scope="col">修改后</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.path} data-path={c.path}>
                <th scope="row">{c.label}</th>
                <td className="diff-before">{c.before}</td>
                <td className="diff-after">{c.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">与线上版本没有差异。</p>
      )}
      <p className="muted">
        预算 {yuan(item.budgetCents)}：需要 {item.approvalsNeeded} 人批准，已有 {item.approvalsGiven} 人。
      </p>
      <label htmlFor="review-comment" className="field-label">
        审批意见（要求修改或驳回时必填）
      </label>
      <Input.TextArea
        id="review-comment"
        rows={3}
        maxLength={500}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      {review.error ? (
        <Alert
          className="gap-top"
          type={stale ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={
            stale ? '你打开之后，这份草稿又被修改过：审批未生效。请重新查看最新差异后再决定。' : review.error.message
          }
          action={
            stale ? (
              <Button
                onClick={() => {
                  review.reset();
                  void diff.refetch();
                }}
              >
                重新加载差异
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <Space className="review-actions">
        <Popconfirm title="批准这次修改？" okText="批准" cancelText="取消" onConfirm={() => review.mutate('approve')}>
          <Button
            type="primary"
            disabled={!diff.data || review.isPending}
            loading={review.isPending && review.variables === 'approve'}
          >
            批准
          </Button>
        </Popconfirm>
        <Button
          disabled={!diff.data || needsComment || review.isPending}
          loading={review.isPending && review.variables === 'request_changes'}
          onClick={() => review.mutate('request_changes')}
        >
          要求修改
        </Button>
        <Popconfirm
          title="驳回后该草稿不能再提交，确定？"
          okText="驳回"
          cancelText="取消"
          onConfirm={() => review.mutate('reject')}
        >
          <Button
            danger
            disabled={!diff.data || needsComment || review.isPending}
            loading={review.isPending && review.variables === 'reject'}
          >
            驳回
          </Button>
        </Popconfirm>
      </Space>
    </Panel>
  );
}

/** Inside antd's App: the toasts of this screen and its dialogs. */
export const ApprovalsScreen = () => (
  <App component={false}>
    <ApprovalsScreenBody />
  </App>
);
