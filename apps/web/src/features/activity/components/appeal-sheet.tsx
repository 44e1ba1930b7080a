import { ERRORS } from '@campaign/contract/client';
import { useId, useState } from 'react';
import { useEndpointMutation } from '#web/api/endpoint-query';
import { CallFailure } from '#web/api/errors';
import { ActionButton } from '#web/shared/ui/action-button';
import { Icon } from '#web/shared/ui/icon';
import { Modal } from '#web/shared/ui/modal';
import { tr } from '../model/risk-messages';
import './risk.css';

/** The contract's bounds of 情况说明 (riskAppeal's body), checked here before anything is sent. */
export const REASON_MIN = 2;
export const REASON_MAX = 200;

type Answer = { title: string; desc: string } | null;

/** Sends the appeal; a second one while the first is reviewed reads as "already under review", not an error. */
function useAppeal(actId: string) {
  const appeal = useEndpointMutation('riskAppeal');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer>(null);
  const submit = async (reason: string) => {
    const text = reason.trim();
    if (text.length < REASON_MIN) {
      setError(tr('risk.reasonShort', { min: REASON_MIN }));
      return;
    }
    setError(null);
    try {
      await appeal.mutateAsync({ body: { actId, reason: text }, quiet: true });
      setAnswer({ title: tr('risk.appealDone'), desc: tr('risk.appealDoneDesc') });
    } catch (failure) {
      if (!(failure instanceof CallFailure)) throw failure;
      if (failure.code === ERRORS.RISK_APPEAL_PENDING.code)
        setAnswer({ title: tr('risk.appealPending'), desc: failure.detail });
      else setError(failure.fields['body.reason'] ?? failure.detail);
    }
  };
  // Editing the text answers the complaint: it is checked again on the next 提交.
  return { submit, error, clearError: () => setError(null), answer, sending: appeal.isPending };
}

function Sent({ answer, onClose }: { answer: NonNullable<Answer>; onClose: () => void }) {
  return (
    <div className="risk-sheet__done" data-testid="appeal-answer" role="status">
      <span className="risk-badge is-ok" aria-hidden="true">
        <Icon name="check" size="2.2rem" />
      </span>
      <h2 className="risk-sheet__title">{answer.title}</h2>
      <p className="risk-sheet__text">{answer.desc}</p>
      <ActionButton block onAction={onClose}>
        {tr('risk.ok')}
      </ActionButton>
    </div>
  );
}

/** 申诉: a short 情况说明 (2–200 characters) that reaches a person (riskAppeal). */
export function AppealSheet({ actId, open, onClose }: { actId: string; open: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const { submit, error, clearError, answer, sending } = useAppeal(actId);
  const id = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      width="100%"
      height="auto"
      shift={1}
      className="risk-sheet"
      ariaLabel={tr('risk.appealTitle')}
    >
      {answer ? (
        <Sent answer={answer} onClose={onClose} />
      ) : (
        <form
          className="risk-sheet__form"
          data-testid="appeal-sheet"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(reason);
          }}
        >
          <h2 className="risk-sheet__title">{tr('risk.appealTitle')}</h2>
          <p className="risk-sheet__text">{tr('risk.appealIntro')}</p>
          <label className="risk-field__label" htmlFor={`${id}-reason`}>
            {tr('risk.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className="risk-field__input"
            value={reason}
            rows={4}
            maxLength={REASON_MAX}
            placeholder={tr('risk.reasonPlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setReason(event.target.value);
              clearError();
            }}
          />
          <div className="risk-field__foot">
            <span className="risk-field__error" id={`${id}-error`} role="alert">
              {error ?? ''}
            </span>
            <span className="risk-field__count" id={`${id}-count`}>
              {tr('risk.reasonCount', { n: reason.trim().length, max: REASON_MAX })}
            </span>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={sending} data-testid="appeal-submit">
            {tr('risk.submit')}
          </button>
        </form>
      )}
    </Modal>
  );
}
