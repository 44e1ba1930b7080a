import { Link } from '#web/shared/navigation/navigation';
import { verifyPath } from '#web/shared/navigation/paths';
import { copyText } from '#web/shared/ui/copy-text';
import { t } from '../messages';
import './draw-id.css';

/**
 * A draw's id in small print (the result dialog, each prize of 我的奖品): the id the public verify page
 * recomputes, a copy button and a link to that page with the id filled in.
 */
export function DrawId({ drawId, className }: { drawId: string; className?: string }) {
  return (
    <div className={['draw-id', className ?? ''].filter(Boolean).join(' ')} data-testid="draw-id" data-draw-id={drawId}>
      <p className="draw-id__text">
        <span className="draw-id__label">{t('act.drawId')}</span>
        <code className="draw-id__value">{drawId}</code>
      </p>
      <span className="draw-id__actions">
        <button
          type="button"
          className="draw-id__btn"
          aria-label={t('act.copyDrawId')}
          onClick={() => void copyText(drawId, t('act.copyDrawIdFailed'))}
        >
          {t('act.copy')}
        </button>
        <Link className="draw-id__btn draw-id__verify" to={verifyPath(drawId)} data-testid="draw-id-verify">
          {t('act.verifyDraw')}
          <span aria-hidden="true"> ›</span>
        </Link>
      </span>
    </div>
  );
}
