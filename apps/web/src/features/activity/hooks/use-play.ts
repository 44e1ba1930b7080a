import type { DrawResult } from '@campaign/contract/client';
import { useCallback, useState } from 'react';
import { t } from '../../../shared/i18n/messages';
import { useLocation, useNavigate } from '../../../shared/navigation/navigation';
import { loginPath } from '../../../shared/navigation/paths';
import { showToast } from '../../../shared/ui/feedback';
import type { RefusalReason } from '../api/draw-runner';
import type { ActivityView } from './use-activity';
import { useDraw } from './use-draw';

/** Refusals that change what the page shows (a designed state) rather than a toast. */
const GATING: readonly RefusalReason[] = ['not-started', 'ended', 'paused', 'not-eligible', 'no-chances'];

/** Seeds the wheel's landing jitter from the draw's roll, so a replayed result lands on the very same spot. */
export function landingSeed(result: DrawResult): number {
  return Number.parseInt(result.rollHex.slice(0, 8), 16) || result.drawIndex;
}

/**
 * The tap → draw → result flow every game shares. `play()` resolves to the server's result, or null
 * after it has handled the outcome (login redirect, designed state, offline toast).
 */
export function usePlay(view: ActivityView) {
  const { draw, drawing } = useDraw();
  const navigate = useNavigate();
  const location = useLocation();
  const [result, setResult] = useState<DrawResult | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const needsLogin = view.user === null;
  const toLogin = useCallback(() => navigate(loginPath(location)), [navigate, location]);

  const play = async (): Promise<DrawResult | null> => {
    if (needsLogin) {
      toLogin();
      return null;
    }
    const outcome = await draw(view.actId, { rocc: view.rocc });
    switch (outcome.kind) {
      case 'won':
        setResult(outcome.result);
        return outcome.result;
      case 'login':
        toLogin();
        return null;
      case 'offline':
        showToast(t('act.offlineToast'));
        return null;
      case 'refused':
        if (GATING.includes(outcome.reason)) view.setRefusal(outcome.reason);
        else showToast(outcome.message);
        return null;
    }
  };

  return {
    play,
    drawing,
    result,
    needsLogin,
    toLogin,
    dialogOpen,
    /** The animation has landed: show the dialog and refresh chances and winners. */
    showResult: () => {
      setDialogOpen(true);
      void view.refreshAfterDraw();
    },
    closeResult: () => setDialogOpen(false),
  };
}

export type Play = ReturnType<typeof usePlay>;
