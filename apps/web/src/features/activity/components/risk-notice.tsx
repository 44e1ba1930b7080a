import { useState } from 'react';
import { Link, useLocation } from '#web/shared/navigation/navigation';
import { stepUpPath } from '#web/shared/navigation/paths';
import { ActionButton } from '#web/shared/ui/action-button';
import { Icon } from '#web/shared/ui/icon';
import { Modal } from '#web/shared/ui/modal';
import type { RiskNotice } from '../hooks/use-risk';
import { tr } from '../model/risk-messages';
import { AppealSheet } from './appeal-sheet';
import './risk.css';

function Refused({ message, onAppeal, onClose }: { message: string; onAppeal: () => void; onClose: () => void }) {
  return (
    <div className="risk-dialog" data-testid="risk-refused">
      <span className="risk-badge" aria-hidden="true">
        <Icon name="shield" size="2.4rem" />
      </span>
      <h2 className="risk-dialog__title">{tr('risk.refusedTitle')}</h2>
      <p className="risk-dialog__text">{message}</p>
      <div className="risk-dialog__actions">
        <ActionButton variant="ghost" onAction={onAppeal} data-testid="risk-appeal">
          {tr('risk.appeal')}
        </ActionButton>
        <ActionButton onAction={onClose}>{tr('risk.ok')}</ActionButton>
      </div>
    </div>
  );
}

function StepUp({ message, onClose }: { message: string; onClose: () => void }) {
  const location = useLocation();
  return (
    <div className="risk-dialog" data-testid="risk-step-up">
      <span className="risk-badge" aria-hidden="true">
        <Icon name="phone" size="2.4rem" />
      </span>
      <h2 className="risk-dialog__title">{tr('risk.stepUpTitle')}</h2>
      <p className="risk-dialog__text">{message}</p>
      <div className="risk-dialog__actions">
        <ActionButton variant="ghost" onAction={onClose}>
          {tr('risk.later')}
        </ActionButton>
        {/* The login screen asks for a fresh SMS code, then brings the customer back to this game. */}
        <Link className="btn btn-primary" to={stepUpPath(location)} data-testid="risk-step-up-go">
          {tr('risk.stepUpGo')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The risk check's answer to a draw, in its own dialog: a refusal in the envelope's words with 申诉 beside it
 * (the appeal sheet), or the SMS step-up. Loaded only when a draw was refused (risk-layer.tsx).
 */
export function RiskNoticeDialog({
  notice,
  open,
  actId,
  onClose,
}: {
  notice: RiskNotice;
  open: boolean;
  actId: string;
  onClose: () => void;
}) {
  // Each 申诉 opens a fresh sheet (its own key); the sheet fades out when closed.
  const [appeal, setAppeal] = useState({ open: false, round: 0 });
  const label = notice.kind === 'step-up' ? tr('risk.stepUpTitle') : tr('risk.refusedLabel');
  return (
    <>
      <Modal
        open={open && !appeal.open}
        onClose={onClose}
        width="86%"
        height="auto"
        className="risk-modal"
        ariaLabel={label}
      >
        {notice.kind === 'refused' && (
          <Refused
            message={notice.message}
            onAppeal={() => setAppeal((a) => ({ open: true, round: a.round + 1 }))}
            onClose={onClose}
          />
        )}
        {notice.kind === 'step-up' && <StepUp message={notice.message} onClose={onClose} />}
      </Modal>
      <AppealSheet
        key={appeal.round}
        actId={actId}
        open={appeal.open}
        onClose={() => {
          setAppeal((a) => ({ ...a, open: false }));
          onClose();
        }}
      />
    </>
  );
}
