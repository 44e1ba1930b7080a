import { RISK_CONSENT_PURPOSE } from '@campaign/contract';
import type { RiskDeps } from './context';
import * as repo from './repo';

/** The customer's consent to a device id for marketing risk checks, with its purpose and time (PIPL). */
export async function setConsent(deps: RiskDeps, corpId: string, userId: string, granted: boolean) {
  const now = deps.clock();
  await repo.setConsent(deps.database.db, {
    corp_id: corpId,
    user_id: userId,
    granted: granted ? 1 : 0,
    purpose: RISK_CONSENT_PURPOSE,
    decided_at: now,
  });
  return { granted, decidedAt: now };
}

export async function consentState(deps: RiskDeps, corpId: string, userId: string) {
  const row = await repo.consent(deps.database.db, corpId, userId);
  return row ? { granted: row.granted === 1, decidedAt: Number(row.decided_at) } : { granted: null, decidedAt: null };
}
