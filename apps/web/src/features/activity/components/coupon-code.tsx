import { codeGroups } from '#web/shared/lib/code-format';
import { t } from '../messages';

export { codeGroups };

import { copyText } from '#web/shared/ui/copy-text';

/** A coupon code shown whole (grouped, wrapping) with a copy button that copies it exactly. */
export function CouponCode({ code, label, className }: { code: string; label?: string; className?: string }) {
  return (
    <div className={['coupon-code', className ?? ''].filter(Boolean).join(' ')}>
      {label && <span className="coupon-code__label">{label}</span>}
      <code className="coupon-code__value" data-testid="coupon-code" data-code={code}>
        {codeGroups(code).map((group, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups of one code can repeat; the position is their identity
          <span key={i} className="coupon-code__group">
            {i > 0 ? ' ' : ''}
            {group}
          </span>
        ))}
      </code>
      <button
        type="button"
        className="coupon-code__copy"
        aria-label={t('act.copyCode')}
        onClick={() => void copyText(code)}
      >
        {t('act.copy')}
      </button>
    </div>
  );
}
