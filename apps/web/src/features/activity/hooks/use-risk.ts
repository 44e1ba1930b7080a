import { useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '#web/api/endpoint-query';
import { browserDeviceIds, type DeviceIdStore } from '../api/device-id';
import type { DrawOutcome } from '../api/draw-runner';

/** What the risk check said about a draw, shown in its own dialog (not a toast). */
export interface RiskNotice {
  kind: 'refused' | 'step-up';
  /** The envelope's words (RISK_REFUSED, RISK_STEP_UP). */
  message: string;
}

/**
 * The device-id consent (PIPL; docs/decisions/0392-device-id-consent.md): asked once per customer, only on a
 * risk-checked campaign, before its first draw. A customer who has not said yes never sends a device id; a
 * failed read or save asks nothing more and draws without one.
 */
export function useRiskConsent(enabled: boolean, ids: DeviceIdStore) {
  const state = useEndpointQuery(
    'riskConsentState',
    {},
    { enabled, retry: false, staleTime: Number.POSITIVE_INFINITY, meta: { quiet: true } },
  );
  const save = useEndpointMutation('riskConsent');
  const [asking, setAsking] = useState(false);
  /** Answered on this page (kept even when storing it failed, so the sheet does not come back at once). */
  const [answered, setAnswered] = useState(false);
  const undecided = enabled && !answered && state.data?.granted === null;
  const granted = enabled && state.data?.granted === true;
  return {
    asking,
    undecided,
    /** Only a stored yes gives the draw a device id. */
    deviceId: (): string | undefined => (granted ? ids.get() : undefined),
    ask: () => setAsking(true),
    decide: async (yes: boolean): Promise<void> => {
      setAsking(false);
      setAnswered(true);
      if (!yes) ids.forget();
      await save.mutateAsync({ body: { granted: yes }, quiet: true }).catch(() => undefined);
    },
  };
}

/** The risk side of a game screen's draw: the consent before it, the refusal or step-up after it. */
export function useRisk(signedIn: boolean, riskChecked: boolean, ids: DeviceIdStore = browserDeviceIds) {
  const consent = useRiskConsent(signedIn && riskChecked, ids);
  const [notice, setNotice] = useState<RiskNotice | null>(null);
  return {
    consent,
    notice,
    closeNotice: () => setNotice(null),
    /**
     * Before a draw: its device id (none without consent), or null when the consent sheet opens instead
     * (the tap asked the question; the customer taps again after answering).
     */
    beforeDraw(): { deviceId?: string } | null {
      if (consent.undecided) {
        consent.ask();
        return null;
      }
      const deviceId = consent.deviceId();
      return deviceId ? { deviceId } : {};
    },
    /** A refusal of the risk check opens its dialog; true when it did. */
    take(outcome: DrawOutcome): boolean {
      if (outcome.kind !== 'refused') return false;
      if (outcome.reason === 'risk') setNotice({ kind: 'refused', message: outcome.message });
      else if (outcome.reason === 'step-up') setNotice({ kind: 'step-up', message: outcome.message });
      else return false;
      return true;
    },
  };
}

export type Risk = ReturnType<typeof useRisk>;
