import type { DrawResult } from '@campaign/contract/client';
import { t } from '../../../shared/i18n/messages';
import { imageUrl } from '../../../shared/lib/image-url';
import { Link } from '../../../shared/navigation/navigation';
import { PRIZE_LIST_PATH } from '../../../shared/navigation/paths';
import { ActionButton } from '../../../shared/ui/action-button';
import { copyText } from '../../../shared/ui/copy-text';
import { Modal } from '../../../shared/ui/modal';
import { AddressPending } from './address-pending';

export interface ResultDialogProps {
  result: DrawResult | null;
  open: boolean;
  onClose: () => void;
  /** "再来一次" when chances are left. */
  onAgain?: () => void;
}

/** The draw result: coupon code to copy, points credited, the address state of a physical prize, or thanks. */
export function ResultDialog({ result, open, onClose, onAgain }: ResultDialogProps) {
  const prize = result?.prize;
  const award = result?.award ?? null;
  const won = prize !== undefined && prize.kind !== 'thanks';
  return (
    <Modal open={open && result !== null} onClose={onClose} width="88%" height="auto" className="act-result-modal">
      {result && prize && (
        <div
          className={won ? 'act-result is-won' : 'act-result is-thanks'}
          data-testid="result-dialog"
          data-prize-id={prize.id}
          data-prize-index={result.prizeIndex}
          data-prize-kind={prize.kind}
        >
          <div className="act-result__rays" aria-hidden="true" />
          <p className="act-result__ribbon">{won ? t('act.result.won') : t('act.result.thanksTitle')}</p>
          <div className="act-result__medal">
            <img className="act-result__img" src={imageUrl(prize.image)} alt="" />
          </div>
          <h2 className="act-result__name" data-testid="result-prize-name">
            {prize.name}
          </h2>
          {prize.kind === 'coupon' && award?.couponCode && (
            <div className="act-result__code">
              <span className="act-result__code-label">{t('act.result.code')}</span>
              <code className="act-result__code-value" data-testid="coupon-code">
                {award.couponCode}
              </code>
              <button type="button" className="act-result__copy" onClick={() => void copyText(award.couponCode ?? '')}>
                {t('act.copy')}
              </button>
            </div>
          )}
          {prize.kind === 'points' && (
            <p className="act-result__desc">{t('act.result.points', { points: award?.points ?? 0 })}</p>
          )}
          {prize.kind === 'physical' && (
            <AddressPending className="act-result__desc" orderId={award?.orderId ?? null} />
          )}
          {prize.kind === 'thanks' && <p className="act-result__desc">{t('act.result.thanks')}</p>}
          {prize.kind === 'coupon' && <p className="act-result__desc">{t('act.result.coupon')}</p>}
          <p className="act-result__left" data-testid="result-chances-left">
            {t('act.chancesLeft', { n: result.chancesLeft })}
          </p>
          <div className="act-result__actions">
            {result.chancesLeft > 0 && onAgain ? (
              <ActionButton block onAction={onAgain}>
                {t('act.result.again')}
              </ActionButton>
            ) : (
              <ActionButton block onAction={onClose}>
                {t('act.result.ok')}
              </ActionButton>
            )}
            <Link className="act-result__mine" to={PRIZE_LIST_PATH}>
              {t('act.myPrizes')}
            </Link>
          </div>
        </div>
      )}
    </Modal>
  );
}
