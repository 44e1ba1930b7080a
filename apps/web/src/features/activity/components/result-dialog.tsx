import type { DrawResult } from '@campaign/contract/client';
import { imageUrl } from '#web/shared/lib/image-url';
import { Link } from '#web/shared/navigation/navigation';
import { orderConfirmPath, PRIZES_PATH, ticketPath } from '#web/shared/navigation/paths';
import { ActionButton } from '#web/shared/ui/action-button';
import { Modal } from '#web/shared/ui/modal';
import { t } from '../messages';
import { AddressPending } from './address-pending';
import { CouponCode } from './coupon-code';
import { DrawId } from './draw-id';

interface FollowUp {
  to: string;
  label: 'act.result.fillAddress' | 'act.result.viewCode' | 'act.result.viewPoints';
  testId: string;
}

/** What the customer does next with a prize just won: a real button, the dialog's first action. */
function followUpOf(kind: string | undefined, award: NonNullable<DrawResult['award']>): FollowUp | null {
  if (kind === 'physical' && award.orderId)
    return { to: orderConfirmPath(award.orderId), label: 'act.result.fillAddress', testId: 'address-pending-go' };
  if (kind === 'coupon' && award.awardId)
    return { to: ticketPath(award.awardId), label: 'act.result.viewCode', testId: 'result-view-code' };
  if (kind === 'points') return { to: PRIZES_PATH, label: 'act.result.viewPoints', testId: 'result-view-points' };
  return null;
}

export interface ResultDialogProps {
  result: DrawResult | null;
  open: boolean;
  onClose: () => void;
  /** "再来一次" when chances are left. */
  onAgain?: () => void;
  /** The result of a draw made before a reload, shown on return ("您上次抽奖的结果"). */
  replayed?: boolean;
}

/** What the prize means now: held for approval, the coupon code, the points, the address step, or thanks. */
function PrizeDetail({
  prize,
  award,
  held,
}: {
  prize: DrawResult['prize'];
  award: DrawResult['award'] | null;
  held: boolean;
}) {
  return held ? (
    <p className="act-result__desc" data-testid="result-held">
      {t('prizes.pendingDesc')}
    </p>
  ) : (
    <>
      {prize.kind === 'coupon' && award?.couponCode && (
        <CouponCode code={award.couponCode} label={t('act.result.code')} className="act-result__code" />
      )}
      {prize.kind === 'points' && (
        <p className="act-result__desc">{t('act.result.points', { points: award?.points ?? 0 })}</p>
      )}
      {prize.kind === 'physical' && <AddressPending className="act-result__desc" orderId={null} />}
      {prize.kind === 'thanks' && <p className="act-result__desc">{t('act.result.thanks')}</p>}
      {prize.kind === 'coupon' && <p className="act-result__desc">{t('act.result.coupon')}</p>}
    </>
  );
}

/** The draw result: coupon code to copy, points credited, the address state of a physical prize, or thanks. */
export function ResultDialog({ result, open, onClose, onAgain, replayed = false }: ResultDialogProps) {
  const prize = result?.prize;
  const award = result?.award ?? null;
  const won = prize !== undefined && prize.kind !== 'thanks';
  // Above the corp's threshold the prize waits for an approver (审核中): nothing to claim yet.
  const held = award?.status === 'pending_approval';
  // The dialog's name is the outcome in words: what a screen reader announces for the prize drawn.
  const followUp = held || !award ? null : followUpOf(prize?.kind, award);
  const label = prize
    ? won
      ? t('act.result.wonLabel', { prize: prize.name })
      : t('act.result.thanksTitle')
    : undefined;
  return (
    <Modal
      open={open && result !== null}
      onClose={onClose}
      width="88%"
      height="auto"
      className="act-result-modal"
      ariaLabel={label}
    >
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
          {replayed && (
            <p className="act-result__replayed" data-testid="result-replayed">
              {t('act.result.replayed')}
            </p>
          )}
          <div className="act-result__medal">
            <img className="act-result__img" src={imageUrl(prize.image)} alt="" />
          </div>
          <h2 className="act-result__name" data-testid="result-prize-name">
            {prize.name}
          </h2>
          <PrizeDetail prize={prize} award={award} held={held} />
          <p className="act-result__left" data-testid="result-chances-left">
            {t('act.chancesLeft', { n: result.chancesLeft })}
          </p>
          <div className="act-result__actions">
            {followUp && (
              <Link
                className="btn btn-primary btn-block act-result__follow"
                to={followUp.to}
                data-testid={followUp.testId}
              >
                {t(followUp.label)}
              </Link>
            )}
            {result.chancesLeft > 0 && onAgain ? (
              <ActionButton block variant={followUp ? 'ghost' : 'primary'} onAction={onAgain}>
                {t('act.result.again')}
              </ActionButton>
            ) : (
              <ActionButton block variant={followUp ? 'ghost' : 'primary'} onAction={onClose}>
                {t('act.result.ok')}
              </ActionButton>
            )}
            <Link className="act-result__mine" to={PRIZES_PATH}>
              {t('act.myPrizes')}
            </Link>
          </div>
          {/* The small print: the id the public verify page recomputes this draw from. */}
          <DrawId drawId={result.drawId} className="act-result__draw-id" />
        </div>
      )}
    </Modal>
  );
}
