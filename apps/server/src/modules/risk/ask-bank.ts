import { RISK_ACTIONS, type RiskAction } from '@campaign/contract';
import { BANK_RISK_TIMEOUT_MS } from '../../platform/risk-port';
import type { RiskInput } from './compute-features';
import type { RiskDeps } from './context';
import { unreachable } from './fail-policy';
import type { Features } from './features';

/**
 * The bank's own engine's voice on one attempt (issue 35, platform/risk-port.ts BankRiskEngine): asked with the
 * same features the rules read, within BANK_RISK_TIMEOUT_MS. An answer that is late, fails or is not one of
 * the actions is the campaign's fail policy (refused when closed; when open, the bank is not heard).
 */
export async function askBank(
  deps: RiskDeps,
  input: RiskInput,
  features: Features,
): Promise<{ action: RiskAction; match: string } | null> {
  const bank = deps.bank;
  if (!bank) return null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${BANK_RISK_TIMEOUT_MS} ms`)), BANK_RISK_TIMEOUT_MS);
    });
    const got = await Promise.race([bank({ attempt: input, features }), late]);
    if (!RISK_ACTIONS.includes(got?.action)) throw new Error(`not an action: ${String(got?.action)}`);
    return { action: got.action, match: `bank:${String(got.rule ?? got.action).slice(0, 60)}` };
  } catch (err) {
    unreachable(deps, input, "the bank's risk engine", err);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
