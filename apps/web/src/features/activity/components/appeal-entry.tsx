import { lazy, Suspense, useState } from 'react';
import { useSession } from '#web/api/session';
import { tr } from '../model/risk-messages';
import './risk.css';

const AppealSheet = lazy(() => import('./appeal-sheet').then((m) => ({ default: m.AppealSheet })));

/**
 * The way to 申诉 a refused draw later (the rules page): one quiet line for a signed-in customer; the server
 * answers "nothing to appeal" when this campaign refused none of their draws.
 */
export function AppealEntry({ actId }: { actId: string }) {
  const user = useSession();
  const [sheet, setSheet] = useState({ open: false, round: 0 });
  if (!user) return null;
  return (
    <section className="act-panel risk-entry" data-testid="appeal-entry">
      <span>{tr('risk.appealEntry')}</span>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => setSheet((s) => ({ open: true, round: s.round + 1 }))}
      >
        {tr('risk.appealEntryGo')}
      </button>
      {sheet.round > 0 && (
        <Suspense fallback={null}>
          <AppealSheet
            key={sheet.round}
            actId={actId}
            open={sheet.open}
            onClose={() => setSheet((s) => ({ ...s, open: false }))}
          />
        </Suspense>
      )}
    </section>
  );
}
