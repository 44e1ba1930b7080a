import type { DrawResult } from '@campaign/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '#web/shared/navigation/navigation';
import { loginPath } from '#web/shared/navigation/paths';
import { showToast } from '#web/shared/ui/feedback';
import type { DrawOutcome, RefusalReason } from '../api/draw-runner';
import { t } from '../messages';
import type { ActivityView } from './use-activity';
import { useDraw } from './use-draw';
import { type Risk, useRisk } from './use-risk';

/** Refusals that change what the page shows (a designed state) rather than a toast. */
const GATING: readonly RefusalReason[] = ['not-started', 'ended', 'paused', 'not-eligible', 'no-chances'];

/** Seeds the wheel's landing jitter from the draw's roll, so a replayed result lands on the very same spot. */
export function landingSeed(result: DrawResult): number {
  return Number.parseInt(result.rollHex.slice(0, 8), 16) || result.drawIndex;
}

/**
 * What a draw that won nothing shows: the login, a designed state of the page, the risk check's own dialog,
 * or a toast.
 */
function settleRefusal(
  outcome: Exclude<DrawOutcome, { kind: 'won' }>,
  view: ActivityView,
  risk: Risk,
  toLogin: () => void,
) {
  if (outcome.kind === 'login') toLogin();
  else if (outcome.kind === 'offline') showToast(t('act.offlineToast'));
  else if (GATING.includes(outcome.reason)) view.setRefusal(outcome.reason);
  else if (!risk.take(outcome)) showToast(outcome.message);
}

/**
 * The tap → draw → result flow every game shares. `play()` resolves to the server's result, or null
 * after it has handled the outcome (login redirect, designed state, offline toast).
 */
export function usePlay(view: ActivityView) {
  const { draw, drawing, resume, seen } = useDraw();
  const navigate = useNavigate();
  const location = useLocation();
  const [result, setResult] = useState<DrawResult | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  /** The result shown is one drawn before a reload (or before leaving), replayed on return. */
  const [replayed, setReplayed] = useState(false);
  const owner = view.user ? `${view.user.corpId}:${view.user.nuid}` : undefined;
  const { actId } = view;
  // The latest callbacks, read by the replay below without re-running it on every render.
  const latest = useRef({ resume, seen, refresh: view.refreshAfterDraw });
  latest.current = { resume, seen, refresh: view.refreshAfterDraw };

  // Back on an activity whose result this customer never saw (a reload mid-draw): replay the same
  // idempotency key, so the server returns that draw (nothing new is drawn), and show it. Once per
  // activity and customer; a replay that fails again keeps the key for the next visit or tap.
  useEffect(() => {
    if (!owner) return;
    let live = true;
    void latest.current.resume(actId, owner)?.then((outcome) => {
      if (!live || outcome.kind !== 'won') return;
      setResult(outcome.result);
      setReplayed(true);
      setDialogOpen(true);
      latest.current.seen(actId);
      void latest.current.refresh();
    });
    return () => {
      live = false;
    };
  }, [actId, owner]);

  const needsLogin = view.user === null;
  const toLogin = useCallback(() => navigate(loginPath(location)), [navigate, location]);
  const risk = useRisk(Boolean(view.user), view.rocc);

  const play = async (): Promise<DrawResult | null> => {
    if (needsLogin) {
      toLogin();
      return null;
    }
    // A risk-checked campaign asks for the device-id consent first: this tap opens the sheet, not a draw.
    const device = risk.beforeDraw();
    if (!device) return null;
    const outcome = await draw(view.actId, { rocc: view.rocc, owner, ...device });
    if (outcome.kind !== 'won') {
      settleRefusal(outcome, view, risk, toLogin);
      return null;
    }
    setReplayed(false);
    setResult(outcome.result);
    return outcome.result;
  };

  return {
    play,
    risk,
    drawing,
    result,
    needsLogin,
    toLogin,
    dialogOpen,
    replayed,
    /** The animation has landed: show the dialog and refresh chances and winners. */
    showResult: () => {
      setDialogOpen(true);
      seen(view.actId);
      void view.refreshAfterDraw();
    },
    closeResult: () => setDialogOpen(false),
  };
}

export type Play = ReturnType<typeof usePlay>;
