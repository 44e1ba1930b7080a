import { t } from '#web/shared/i18n/messages';
import { copyText } from '#web/shared/ui/copy-text';

/**
 * "7KQ2-M9XA-…" → ["7KQ2", "M9XA", …]: the server's dash-separated groups (or groups of four when a
 * code comes without dashes), so a 34-character code wraps between groups instead of being cut off.
 */
export function codeGroups(code: string): string[] {
  const parts = code.split(/[-\s]+/).filter(Boolean);
  if (parts.length > 1) return parts;
  return code.match(/.{1,4}/g) ?? [];
}

/** A coupon code shown whole (grouped, wrapping) with a copy button that copies it exactly. */
export function CouponCode({ code, label, className }: { code: string; label?: string; className?: string }) {
  return (
    <div className={['coupon-code', className ?? ''].filter(Boolean).join(' ')}>
      {label && <span className="coupon-code__label">{label}</span>}
      <code className="coupon-code__value" data-testid="coupon-code" data-code={code}>
        {codeGroups(code).map((group, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups of one code can repeat; the position is their identity
          <span key={i} className="coupon-code__group">
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
