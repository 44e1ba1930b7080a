import type { RouteData } from '@campaign/contract/client';
import { useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { StaffGate } from '#web/api/staff-gate';
import { formatDate } from '#web/shared/lib/format-date';
import { yuan } from '#web/shared/lib/money';
import { useSearchParams } from '#web/shared/navigation/navigation';
import { ActionButton } from '#web/shared/ui/action-button';
import { showToast } from '#web/shared/ui/feedback';
import { Modal } from '#web/shared/ui/modal';
import { SubLoading, SubPage, SubState } from '#web/shared/ui/sub-page';
import { t } from '../messages';
import { CONFIRM_ABOVE_CENTS, fieldLabel, needsConfirmation, prizeValueCents } from '../model/decision';
import { KIND_LABEL, STATUS_LABEL } from '../model/labels';
import './approvals.css';

type Request = RouteData<'approvalDetail'>;

function RequestFacts({ r }: { r: Request }) {
  return (
    <section className="sub-card ap-head" data-testid="approval-detail" data-status={r.status}>
      <span className="ap-row__kind">{t(KIND_LABEL[r.kind])}</span>
      <h2 className="ap-head__title">{r.title}</h2>
      <span className={`ap-badge is-${r.status}`}>{t(STATUS_LABEL[r.status])}</span>
      <dl className="ap-facts">
        {r.context.map((c) => (
          <div key={c.label}>
            <dt>{fieldLabel(c.label, t)}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('approvals.requester')}</dt>
          <dd>{r.requestedBy.name}</dd>
        </div>
        <div>
          <dt>{t('approvals.requestedAt')}</dt>
          <dd>{formatDate(r.requestedAt, 'YYYY-MM-DD HH:mm')}</dd>
        </div>
      </dl>
    </section>
  );
}

function Trail({ r }: { r: Request }) {
  return (
    <section className="sub-card" aria-labelledby="ap-trail">
      <h2 className="sub-card__title" id="ap-trail">
        {t('approvals.trail')}
      </h2>
      <ol className="ap-trail" data-testid="approval-trail">
        {r.events.map((e) => (
          <li key={`${e.action}-${e.at}`} className={`is-${e.action}`}>
            <strong>{t(`approvals.event.${e.action}`)}</strong> {e.by.name} · {formatDate(e.at, 'YYYY-MM-DD HH:mm')}
            {e.comment ? <p className="ap-trail__comment">“{e.comment}”</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

interface DecideForm {
  comment: string;
  setComment: (comment: string) => void;
  needComment: boolean;
  setNeedComment: (need: boolean) => void;
  confirming: boolean;
  setConfirming: (confirming: boolean) => void;
  send: (decision: 'approve' | 'reject', confirmed?: boolean) => void;
}

/** The comment, the two decisions and the second confirmation above ¥1,000. */
function DecidePanel({ r, form }: { r: Request; form: DecideForm }) {
  const { comment, setComment, needComment, setNeedComment, confirming, setConfirming, send } = form;
  return (
    <section className="sub-card" aria-labelledby="ap-decide">
      <h2 className="sub-card__title" id="ap-decide">
        {t('approvals.decide')}
      </h2>
      <label className="staff-login__label" htmlFor="ap-comment">
        {t('approvals.comment')}
      </label>
      <textarea
        id="ap-comment"
        className="staff-login__input"
        rows={3}
        maxLength={200}
        value={comment}
        aria-invalid={needComment}
        aria-describedby="ap-comment-hint"
        onChange={(e) => {
          setComment(e.target.value);
          setNeedComment(false);
        }}
      />
      <p id="ap-comment-hint" className={needComment ? 'ap-hint is-error' : 'ap-hint'} data-testid="comment-hint">
        {needComment ? t('approvals.commentRequired') : t('approvals.commentHint')}
      </p>
      <div className="ap-actions">
        <ActionButton variant="ghost" onAction={() => send('reject')} data-testid="reject">
          {t('approvals.reject')}
        </ActionButton>
        <ActionButton onAction={() => send('approve')} data-testid="approve">
          {t('approvals.approve')}
        </ActionButton>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        variant="dialog"
        width="86%"
        title={t('approvals.confirmTitle')}
      >
        <div className="ap-confirm" data-testid="approve-confirm">
          <p>
            {t('approvals.confirmDesc', {
              value: yuan(prizeValueCents(r.context) ?? 0),
              limit: yuan(CONFIRM_ABOVE_CENTS),
            })}
          </p>
          <div className="ap-actions">
            <ActionButton variant="ghost" onAction={() => setConfirming(false)}>
              {t('approvals.confirmCancel')}
            </ActionButton>
            <ActionButton onAction={() => send('approve', true)} data-testid="approve-confirm-ok">
              {t('approvals.confirmOk')}
            </ActionButton>
          </div>
        </div>
      </Modal>
    </section>
  );
}

function Decision({ id }: { id: string }) {
  const detail = useEndpointQuery('approvalDetail', { query: { id } });
  const decide = useEndpointMutation('approvalDecide');
  const [comment, setComment] = useState('');
  const [needComment, setNeedComment] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (detail.isPending) return <SubLoading rows={3} />;
  const r = decide.data ?? detail.data;
  if (!r) return <SubState icon="empty" title={detail.error?.message ?? t('approvals.loadFailed')} />;
  const send = (decision: 'approve' | 'reject', confirmed = false) => {
    // A prize above ¥1,000 (the ¥4,999 phone) is approved only after a second, explicit "确认通过".
    if (decision === 'approve' && !confirmed && needsConfirmation(r.context)) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    if (decision === 'reject' && comment.trim().length < 2) {
      setNeedComment(true);
      return;
    }
    decide.mutate(
      { body: { id, decision, ...(comment.trim() ? { comment: comment.trim() } : {}) } },
      { onSuccess: () => showToast(t(decision === 'approve' ? 'approvals.approvedToast' : 'approvals.rejectedToast')) },
    );
  };
  return (
    <>
      <RequestFacts r={r} />
      <Trail r={r} />
      {r.canDecide ? (
        <DecidePanel
          r={r}
          form={{ comment, setComment, needComment, setNeedComment, confirming, setConfirming, send }}
        />
      ) : r.status === 'pending' ? (
        <p className="ap-empty">{t('approvals.ownRequest')}</p>
      ) : null}
    </>
  );
}

/** /approve?id=…: one request with its context and audit trail; approve, or reject with a reason. */
export function ApproveScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <SubPage title={t('title.approve')} fallback="/oatodo" className="ap-page">
      <StaffGate>
        {() => (id ? <Decision id={id} /> : <SubState icon="empty" title={t('approvals.loadFailed')} />)}
      </StaffGate>
    </SubPage>
  );
}
