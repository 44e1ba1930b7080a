import { t } from '../i18n/messages';
import { goBack } from '../navigation/back';
import { useNavigate } from '../navigation/navigation';
import { Icon } from './icon';
import './back-control.css';

/**
 * The one back control of the H5 (docs/decisions/0151-one-back-control.md): a chevron in a round 44 px
 * button at the top left of every screen's header. Back to the previous screen of this visit, or to
 * `fallback` (the screen's parent) when the page was opened directly.
 */
export function BackControl({ fallback, className }: { fallback: string; className?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={['back-control', className ?? ''].filter(Boolean).join(' ')}
      aria-label={t('sub.back')}
      data-testid="back-control"
      onClick={() => goBack(navigate, fallback)}
    >
      <Icon name="back" size="1.6rem" />
    </button>
  );
}
