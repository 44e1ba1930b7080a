import { lazy, Suspense, useRef } from 'react';
import type { Risk, RiskNotice } from '../hooks/use-risk';

// Most visits never see these: their code and strings load when a sheet is first needed.
const RiskNoticeDialog = lazy(() => import('./risk-notice').then((m) => ({ default: m.RiskNoticeDialog })));
const ConsentSheet = lazy(() => import('./consent-sheet').then((m) => ({ default: m.ConsentSheet })));

/**
 * The consent sheet before a risk-checked draw and the risk check's dialog after one (GameStage). Once
 * loaded they stay mounted, so closing them fades out like every modal, with the last notice still shown.
 */
export function RiskLayer({ risk, actId }: { risk: Risk; actId: string }) {
  const consentNeeded = useRef(false);
  const lastNotice = useRef<RiskNotice | null>(null);
  consentNeeded.current ||= risk.consent.asking;
  lastNotice.current = risk.notice ?? lastNotice.current;
  const notice = lastNotice.current;
  return (
    <Suspense fallback={null}>
      {consentNeeded.current && (
        <ConsentSheet open={risk.consent.asking} onDecide={(granted) => void risk.consent.decide(granted)} />
      )}
      {notice && (
        <RiskNoticeDialog notice={notice} open={risk.notice !== null} actId={actId} onClose={risk.closeNotice} />
      )}
    </Suspense>
  );
}
