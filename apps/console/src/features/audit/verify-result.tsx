import type { AuditVerify } from '@campaign/contract/client';
import { Alert } from 'antd';
import { formatTime } from '../../shared/format';
import { t } from './messages';

/** The chain's verification: good news politely (role="status"), a broken chain interrupts (role="alert"). */
export function VerifyResult({ r, onClose }: { r: AuditVerify; onClose: () => void }) {
  if (r.ok) {
    return (
      <Alert
        className="audit-verify"
        type="success"
        showIcon
        closable={{ onClose }}
        role="status"
        title={r.checked === 0 ? t('audit.verify.empty') : t('audit.verify.ok', { n: r.checked })}
        description={
          r.head ? (
            <span className="mono">
              {t('audit.verify.head', { seq: r.head.seq, hash: r.head.hash })}
              {r.published
                ? t('audit.verify.published', { seq: r.published.seq, time: formatTime(r.published.at, true) })
                : null}
            </span>
          ) : null
        }
        data-testid="verify-result"
      />
    );
  }
  const reason = r.firstBad?.reason ?? 'changed';
  return (
    <Alert
      className="audit-verify"
      type="error"
      showIcon
      closable={{ onClose }}
      role="alert"
      title={t('audit.verify.bad', { seq: r.firstBad?.seq ?? 0, reason: t(`audit.reason.${reason}`) })}
      description={t('audit.verify.badBody', { n: r.checked })}
      data-testid="verify-result"
    />
  );
}
