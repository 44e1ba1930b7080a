import { ActionButton } from '#web/shared/ui/action-button';
import { Icon } from '#web/shared/ui/icon';
import { Modal } from '#web/shared/ui/modal';
import { tr } from '../model/risk-messages';
import './risk.css';

/**
 * The device-id consent, asked before the first draw of a risk-checked campaign: why, for what and how
 * long, and two equal answers. No close button: either answer lets the customer take part.
 */
export function ConsentSheet({ open, onDecide }: { open: boolean; onDecide: (granted: boolean) => void }) {
  return (
    <Modal
      open={open}
      maskClosable={false}
      width="100%"
      height="auto"
      shift={1}
      className="risk-sheet"
      title={tr('risk.consentTitle')}
    >
      <div className="risk-consent" data-testid="consent-sheet">
        <span className="risk-badge" aria-hidden="true">
          <Icon name="shield" size="2.2rem" />
        </span>
        <p className="risk-sheet__text">{tr('risk.consentBody')}</p>
        <p className="risk-consent__note">{tr('risk.consentNote')}</p>
        <div className="risk-dialog__actions">
          <ActionButton variant="ghost" onAction={() => onDecide(false)} data-testid="consent-decline">
            {tr('risk.decline')}
          </ActionButton>
          <ActionButton onAction={() => onDecide(true)} data-testid="consent-agree">
            {tr('risk.agree')}
          </ActionButton>
        </div>
      </div>
    </Modal>
  );
}
