import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Popconfirm, Space, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useEndpointQuery } from '../../api/queries';
import { type ApiError, call } from '../../api/request';
import { useMe } from '../../api/session';
import { actionLabel } from '../../shared/audit-action';
import { type CampaignDetail, downloadYaml, KEYS, who } from '../../shared/campaign/api';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel, StatePanel } from '../../shared/panel';
import './campaigns.css';
import { StateTag } from '../../shared/campaign/state-tag';
import { KIND_LABEL, REVIEW_LABEL } from '../../shared/campaign/text';

const EDITABLE = new Set(['draft', 'changes_requested', 'rejected']);
const LIVE_SIDE = new Set(['scheduled', 'live', 'paused']);

/** One campaign: state, approvals, the fairness commitment (and the seed once ended), the review timeline. */
function CampaignDetailScreenBody() {
  const { id = '' } = useParams();
  const me = useMe();
  const roles = me.data?.roles ?? [];
  const operator = roles.includes('operator');
  const client = useQueryClient();
  const { message } = App.useApp();
  const detail = useEndpointQuery('consoleCampaignDetail', { query: { id } });
  const act = useMutation<unknown, ApiError, 'pause' | 'resume' | 'archive'>({
    mutationFn: (what) =>
      call(
        what === 'pause'
          ? 'consoleCampaignPause'
          : what === 'resume'
            ? 'consoleCampaignResume'
            : 'consoleCampaignArchive',
        { body: { id } },
      ),
    onSuccess: async (_, what) => {
      await client.invalidateQueries({ queryKey: [KEYS.detail] });
      await client.invalidateQueries({ queryKey: [KEYS.list] });
      message.success({ pause: '已暂停：客户端约 2 秒内显示暂停', resume: '已恢复', archive: '已归档' }[what]);
    },
  });

  if (detail.error) {
    return (
      <div className="console-page">
        <PageHead title="活动详情" />
        {(detail.error as ApiError).status === 404 ? (
          <StatePanel tone="warning" title="没有这个活动" body={`编号 ${id} 不存在，或不属于本机构。`} />
        ) : (
          <LoadFailed error={detail.error} retry={detail.refetch} />
        )}
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className="console-page" aria-busy="true">
        <PageHead title="活动详情" subtitle="加载中…" />
        <Panel>
          <div className="skeleton" />
        </Panel>
      </div>
    );
  }
  const { campaign: c, reviews, approvalsNeeded, approvalsGiven } = detail.data;
  const s = c.state;
  const canEdit = operator && (EDITABLE.has(s) || LIVE_SIDE.has(s));
  return (
    <div className="console-page console-page--wide">
      <nav className="crumbs" aria-label="位置">
        <Link to="/campaigns">活动管理</Link> / <span>{c.title}</span>
      </nav>
      <PageHead
        title={c.title || c.id}
        subtitle={`${KIND_LABEL[c.kind] ?? c.kind} · ${c.id}`}
        extra={
          <Space wrap>
            <StateTag state={s} revision={c.revisionState} />
            {canEdit ? (
              <Link to={`/campaigns/${encodeURIComponent(id)}/edit`}>
                <Button type="primary" icon={<EditOutlined />} tabIndex={-1}>
                  {LIVE_SIDE.has(s) ? '修改（提交修订）' : '编辑'}
                </Button>
              </Link>
            ) : null}
            {operator && s === 'live' ? (
              <Popconfirm
                title="暂停这个活动？"
                description="客户约 2 秒内看到“活动暂停”，已中奖品仍可领取。"
                okText="暂停"
                cancelText="取消"
                onConfirm={() => act.mutate('pause')}
              >
                <Button danger loading={act.isPending && act.variables === 'pause'}>
                  暂停
                </Button>
              </Popconfirm>
            ) : null}
            {operator && s === 'paused' ? (
              <Popconfirm title="恢复这个活动？" okText="恢复" cancelText="取消" onConfirm={() => act.mutate('resume')}>
                <Button loading={act.isPending && act.variables === 'resume'}>恢复</Button>
              </Popconfirm>
            ) : null}
            {operator && (s === 'ended' || s === 'rejected' || s === 'draft') ? (
              <Popconfirm
                title="归档这个活动？"
                description="归档后不可再编辑，仍可查看与导出。"
                okText="归档"
                cancelText="取消"
                onConfirm={() => act.mutate('archive')}
              >
                <Button loading={act.isPending && act.variables === 'archive'}>归档</Button>
              </Popconfirm>
            ) : null}
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadYaml(id).catch((e: Error) => message.error(e.message))}
            >
              导出 YAML
            </Button>
          </Space>
        }
      />
      {act.error ? <Alert type="error" showIcon role="alert" title={act.error.message} className="gap" /> : null}
      <div className="detail-grid">
        <Panel title="概况">
          <Descriptions column={2} size="small">
            <Descriptions.Item label="开始">{formatTime(c.startsAt) || '未设置'}</Descriptions.Item>
            <Descriptions.Item label="结束">{formatTime(c.endsAt) || '未设置'}</Descriptions.Item>
            <Descriptions.Item label="上线版本">{c.version ?? '未上线'}</Descriptions.Item>
            <Descriptions.Item label="草稿版本">{detail.data.rev}</Descriptions.Item>
            <Descriptions.Item label="制单人">{who(c.maker)}</Descriptions.Item>
            <Descriptions.Item label="最近修改">
              {formatTime(c.updatedAt)} {who(c.updatedBy)}
            </Descriptions.Item>
            <Descriptions.Item label="审批进度">
              {/* Counted for the change waiting now; once none waits, what was approved is the 上线版本 above
                  (the records below number drafts, so no number here to mix up with theirs). */}
              {s === 'submitted' || c.revisionState === 'submitted'
                ? `${approvalsGiven} / ${approvalsNeeded} 人已批准`
                : c.version !== null
                  ? '已批准，无待审批的修改'
                  : '未提交审批'}
            </Descriptions.Item>
          </Descriptions>
        </Panel>
        <Panel title="公平性承诺">
          <Fairness c={c} />
        </Panel>
      </div>
      <Panel title="审批与操作记录">
        <Record reviews={reviews} history={detail.data.history} />
      </Panel>
    </div>
  );
}

/**
 * The reviews (with their comments) and what was done to the campaign (from the audit log: created, lists
 * uploaded, submitted, published, paused, resumed, archived), oldest first in one timeline.
 */
function Record({ reviews, history }: Pick<CampaignDetail, 'reviews' | 'history'>) {
  const items = [
    ...reviews.map((r) => ({
      at: r.at,
      // A review comes before what it set off at the same moment (an approval, then the publish).
      order: 0,
      color: r.decision === 'approve' ? 'green' : r.decision === 'reject' ? 'red' : 'blue',
      content: (
        <div className="review-item" data-testid="review-item">
          <strong>{REVIEW_LABEL[r.decision] ?? r.decision}</strong> · {who(r.by)} ·{' '}
          <span className="muted">
            {formatTime(r.at)} · 版本 {r.rev}
          </span>
          {r.comment ? <p className="review-comment">{r.comment}</p> : null}
        </div>
      ),
    })),
    ...history.map((h) => ({
      at: h.at,
      order: 1,
      color: 'gray',
      content: (
        <div className="review-item" data-testid="history-item">
          <strong>{actionLabel(h.action)}</strong> · {h.by ? h.by.name : '系统'} ·{' '}
          <span className="muted">{formatTime(h.at)}</span>
        </div>
      ),
    })),
  ].sort((x, y) => x.at - y.at || x.order - y.order);
  if (!items.length) return <p className="muted">还没有记录。提交、审批、上线、暂停等都会显示在这里。</p>;
  return <Timeline items={items.map(({ color, content }) => ({ color, content }))} />;
}

function Fairness({ c }: { c: CampaignDetail['campaign'] }) {
  if (!c.commitment) {
    return <p className="muted">上线时生成随机种子，其哈希（承诺）公布在活动规则页；活动结束后公开种子。</p>;
  }
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label="承诺（种子哈希）">
        <span className="mono" data-testid="commitment">
          {c.commitment}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label="种子">
        {c.seedRevealed && c.seed ? (
          <span className="mono" data-testid="seed">
            {c.seed}
          </span>
        ) : (
          <span className="muted">活动结束后公开</span>
        )}
      </Descriptions.Item>
      {c.seedRevealed && c.seed && c.commitment ? (
        <Descriptions.Item label="校验结果">
          <SeedCheck seed={c.seed} commitment={c.commitment} />
        </Descriptions.Item>
      ) : null}
      {c.seedRevealed ? (
        <Descriptions.Item label="公开验证">
          <a href={`/verify?actId=${encodeURIComponent(c.id)}`} target="_blank" rel="noreferrer">
            打开公开验证页
          </a>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** The revealed seed against the published commitment: SHA-256 of the seed's bytes, recomputed here. */
function SeedCheck({ seed, commitment }: { seed: string; commitment: string }) {
  const [ok, setOk] = useState<boolean | null>(null);
  useEffect(() => {
    const bytes = new Uint8Array((seed.match(/../g) ?? []).map((h) => Number.parseInt(h, 16)));
    void crypto.subtle.digest('SHA-256', bytes).then((d) => {
      const hex = [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
      setOk(hex === commitment.toLowerCase());
    });
  }, [seed, commitment]);
  if (ok === null) return <span className="muted">校验中…</span>;
  return (
    <span data-testid="seed-check" className={ok ? 'ok-text' : 'bad-text'}>
      {ok
        ? '通过：种子的 SHA-256 与上线时公布的承诺一致，每次抽奖可在公开验证页复算'
        : '不一致：公开的种子与承诺不符，请立即联系技术负责人'}
    </span>
  );
}

/** Inside antd's App: the toasts of this screen and its dialogs. */
export const CampaignDetailScreen = () => (
  <App component={false}>
    <CampaignDetailScreenBody />
  </App>
);
