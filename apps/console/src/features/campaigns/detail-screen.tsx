import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Popconfirm, Space, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useKillSwitch } from '../../api/kill-switch';
import { useEndpointQuery } from '../../api/queries';
import { type ApiError, call } from '../../api/request';
import { useMe } from '../../api/session';
import { actionLabel } from '../../shared/audit-action';
import { type CampaignDetail, downloadYaml, KEYS, who } from '../../shared/campaign/api';
import { KIND_LABEL, REVIEW_LABEL, STATE_LABEL } from '../../shared/campaign/campaign-messages';
import { HALTABLE_STATES, StateTag } from '../../shared/campaign/state-tag';
import { formatTime } from '../../shared/format';
import { LoadFailed } from '../../shared/load-failed';
import { PageHead } from '../../shared/page-head';
import { Panel, StatePanel } from '../../shared/panel';
import './campaigns.css';
import { t } from './messages';

const EDITABLE = new Set(['draft', 'changes_requested', 'rejected']);
const LIVE_SIDE = new Set(['scheduled', 'live', 'paused']);
type Act = 'pause' | 'resume' | 'archive';
const ENDPOINT = {
  pause: 'consoleCampaignPause',
  resume: 'consoleCampaignResume',
  archive: 'consoleCampaignArchive',
} as const;
const DONE = {
  pause: 'campaigns.detail.paused',
  resume: 'campaigns.detail.resumed',
  archive: 'campaigns.detail.archived',
} as const;

/** Pause, resume or archive, then the detail and the list read again. */
function useCampaignAct(id: string) {
  const client = useQueryClient();
  const { message } = App.useApp();
  return useMutation<unknown, ApiError, Act>({
    mutationFn: (what) => call(ENDPOINT[what], { body: { id } }),
    onSuccess: async (_, what) => {
      await client.invalidateQueries({ queryKey: [KEYS.detail] });
      await client.invalidateQueries({ queryKey: [KEYS.list] });
      message.success(t(DONE[what]));
    },
  });
}

type Detail = CampaignDetail['campaign'];

/** The head's buttons: edit or revise, pause, resume, archive, export. */
function DetailActions({ c, halted, act }: { c: Detail; halted: boolean; act: ReturnType<typeof useCampaignAct> }) {
  const { message } = App.useApp();
  const operator = useMe().data?.roles.includes('operator') ?? false;
  const s = c.state;
  const busy = (what: Act) => act.isPending && act.variables === what;
  const confirm = (what: Act, title: string, description: string | undefined, ok: string) => (
    <Popconfirm
      title={title}
      description={description}
      okText={ok}
      cancelText={t('common.cancel')}
      onConfirm={() => act.mutate(what)}
    >
      <Button danger={what === 'pause'} loading={busy(what)}>
        {ok}
      </Button>
    </Popconfirm>
  );
  return (
    <Space wrap>
      <StateTag state={s} revision={c.revisionState} halted={halted} />
      {operator && (EDITABLE.has(s) || LIVE_SIDE.has(s)) ? (
        <Link to={`/campaigns/${encodeURIComponent(c.id)}/edit`}>
          <Button type="primary" icon={<EditOutlined />} tabIndex={-1}>
            {LIVE_SIDE.has(s) ? t('campaigns.detail.revise') : t('campaigns.detail.edit')}
          </Button>
        </Link>
      ) : null}
      {operator && s === 'live'
        ? confirm(
            'pause',
            t('campaign.pause.title'),
            halted ? t('halt.pause.desc') : t('campaign.pause.desc'),
            t('campaign.pause'),
          )
        : null}
      {operator && s === 'paused'
        ? confirm(
            'resume',
            t('campaign.resume.title'),
            halted ? t('halt.resume.desc') : undefined,
            t('campaign.resume'),
          )
        : null}
      {operator && (s === 'ended' || s === 'rejected' || s === 'draft')
        ? confirm(
            'archive',
            t('campaigns.detail.archive.title'),
            t('campaigns.detail.archive.desc'),
            t('campaigns.detail.archive'),
          )
        : null}
      <Button
        icon={<DownloadOutlined />}
        onClick={() => downloadYaml(c.id).catch((e: Error) => message.error(e.message))}
      >
        {t('campaigns.detail.exportYaml')}
      </Button>
    </Space>
  );
}

/** 审批进度: counted for the change waiting now; once none waits, what was approved is the 上线版本. */
function approvalProgress(c: Detail, given: number, needed: number): string {
  if (c.state === 'submitted' || c.revisionState === 'submitted') {
    return t('campaigns.detail.approvalsGiven', { given, needed });
  }
  return c.version !== null ? t('campaigns.detail.approvedNoChange') : t('campaigns.detail.notSubmitted');
}

function Overview({ data }: { data: CampaignDetail }) {
  const c = data.campaign;
  const unset = t('campaigns.detail.unset');
  return (
    <Descriptions column={2} size="small">
      <Descriptions.Item label={t('campaigns.detail.starts')}>{formatTime(c.startsAt) || unset}</Descriptions.Item>
      <Descriptions.Item label={t('campaigns.detail.ends')}>{formatTime(c.endsAt) || unset}</Descriptions.Item>
      <Descriptions.Item label={t('campaigns.detail.version')}>
        {c.version ?? t('campaigns.detail.notLive')}
      </Descriptions.Item>
      <Descriptions.Item label={t('campaigns.detail.rev')}>{data.rev}</Descriptions.Item>
      <Descriptions.Item label={t('campaigns.detail.maker')}>{who(c.maker)}</Descriptions.Item>
      <Descriptions.Item label={t('campaigns.detail.updated')}>
        {formatTime(c.updatedAt)} {who(c.updatedBy)}
      </Descriptions.Item>
      <Descriptions.Item label={t('campaigns.detail.approvals')}>
        {approvalProgress(c, data.approvalsGiven, data.approvalsNeeded)}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The screen before the campaign is read: loading, not found, or failed. */
function DetailPending({ id, error, retry }: { id: string; error: Error | null; retry: () => unknown }) {
  if (!error) {
    return (
      <div className="console-page" aria-busy="true">
        <PageHead title={t('campaigns.detail.title')} subtitle={t('campaigns.detail.loading')} />
        <Panel>
          <div className="skeleton" />
        </Panel>
      </div>
    );
  }
  return (
    <div className="console-page">
      <PageHead title={t('campaigns.detail.title')} />
      {(error as ApiError).status === 404 ? (
        <StatePanel
          tone="warning"
          title={t('campaigns.detail.notFound')}
          body={t('campaigns.detail.notFoundBody', { id })}
        />
      ) : (
        <LoadFailed error={error} retry={retry} />
      )}
    </div>
  );
}

/** One campaign: state, approvals, the fairness commitment (and the seed once ended), the review timeline. */
function CampaignDetailScreenBody() {
  const { id = '' } = useParams();
  const detail = useEndpointQuery('consoleCampaignDetail', { query: { id } });
  const kill = useKillSwitch();
  const act = useCampaignAct(id);
  if (!detail.data) return <DetailPending id={id} error={detail.error} retry={detail.refetch} />;
  const c = detail.data.campaign;
  // The corp's kill switch (polled, as the banner): it stops this campaign whatever its own state says.
  const halted = (kill.data?.halted ?? c.halted) && HALTABLE_STATES.has(c.state);
  return (
    <div className="console-page console-page--wide">
      <nav className="crumbs" aria-label={t('campaigns.detail.crumbs')}>
        <Link to="/campaigns">{t('campaigns.list.title')}</Link> / <span>{c.title}</span>
      </nav>
      <PageHead
        title={c.title || c.id}
        subtitle={`${KIND_LABEL[c.kind] ?? c.kind} · ${c.id}`}
        extra={<DetailActions c={c} halted={halted} act={act} />}
      />
      {halted ? (
        <Alert
          type="error"
          showIcon
          className="gap"
          data-testid="campaign-halted"
          title={t('halt.detail.title')}
          description={t('halt.detail.body', { state: STATE_LABEL[c.state] ?? c.state })}
        />
      ) : null}
      {act.error ? <Alert type="error" showIcon role="alert" title={act.error.message} className="gap" /> : null}
      <div className="detail-grid">
        <Panel title={t('campaigns.detail.overview')}>
          <Overview data={detail.data} />
        </Panel>
        <Panel title={t('campaigns.detail.fairness')}>
          <Fairness c={c} />
        </Panel>
      </div>
      <Panel title={t('campaigns.detail.record')}>
        <Record reviews={detail.data.reviews} history={detail.data.history} />
      </Panel>
    </div>
  );
}

const reviewColor = (d: string) => (d === 'approve' ? 'green' : d === 'reject' ? 'red' : 'blue');

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
      color: reviewColor(r.decision),
      content: (
        <div className="review-item" data-testid="review-item">
          <strong>{REVIEW_LABEL[r.decision] ?? r.decision}</strong> · {who(r.by)} ·{' '}
          <span className="muted">
            {formatTime(r.at)} · {t('campaigns.record.rev', { rev: r.rev })}
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
          <strong>{actionLabel(h.action)}</strong> · {h.by ? h.by.name : t('campaigns.record.system')} ·{' '}
          <span className="muted">{formatTime(h.at)}</span>
        </div>
      ),
    })),
  ].sort((x, y) => x.at - y.at || x.order - y.order);
  if (!items.length) return <p className="muted">{t('campaigns.record.empty')}</p>;
  return <Timeline items={items.map(({ color, content }) => ({ color, content }))} />;
}

function Fairness({ c }: { c: Detail }) {
  if (!c.commitment) return <p className="muted">{t('campaigns.fair.before')}</p>;
  const revealed = c.seedRevealed && c.seed;
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label={t('campaigns.fair.commitment')}>
        <span className="mono" data-testid="commitment">
          {c.commitment}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('campaigns.fair.seed')}>
        {revealed ? (
          <span className="mono" data-testid="seed">
            {c.seed}
          </span>
        ) : (
          <span className="muted">{t('campaigns.fair.seedLater')}</span>
        )}
      </Descriptions.Item>
      {revealed && c.seed ? (
        <Descriptions.Item label={t('campaigns.fair.check')}>
          <SeedCheck seed={c.seed} commitment={c.commitment} />
        </Descriptions.Item>
      ) : null}
      {c.seedRevealed ? (
        <Descriptions.Item label={t('campaigns.fair.verify')}>
          <a href={`/verify?actId=${encodeURIComponent(c.id)}`} target="_blank" rel="noreferrer">
            {t('campaigns.fair.verifyLink')}
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
  if (ok === null) return <span className="muted">{t('campaigns.fair.checking')}</span>;
  return (
    <span data-testid="seed-check" className={ok ? 'ok-text' : 'bad-text'}>
      {ok ? t('campaigns.fair.ok') : t('campaigns.fair.bad')}
    </span>
  );
}

/** Inside antd's App: the toasts of this screen and its dialogs. */
export const CampaignDetailScreen = () => (
  <App component={false}>
    <CampaignDetailScreenBody />
  </App>
);
