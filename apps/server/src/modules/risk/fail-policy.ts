import { AppError } from '../../platform/errors';
import type { RiskInput } from './compute-features';
import type { RiskDeps } from './context';

/**
 * What a campaign does when what the engine needs cannot be reached (the counters, the bank's engine): closed
 * refuses (503 RISK_UNAVAILABLE, Retry-After), open lets the campaign draw on, up to a cap a minute in this
 * process, with nothing matched. Returns when the attempt may go on; throws when it may not.
 */
export function unreachable(deps: RiskDeps, input: RiskInput, what: string, err: unknown): void {
  const base = deps.config.risk ?? { failPolicy: 'open', failOpenPerMinute: 600 };
  const policy = {
    failPolicy: input.failPolicy?.failPolicy ?? base.failPolicy,
    failOpenPerMinute: input.failPolicy?.failOpenPerMinute ?? base.failOpenPerMinute,
  };
  deps.log.warn({ err: err instanceof Error ? err.message : String(err), actId: input.actId }, `${what} unreachable`);
  if (policy.failPolicy === 'closed') throw new AppError('RISK_UNAVAILABLE');
  const minute = Math.floor(input.now / 60_000);
  const key = `${input.corpId}|${input.actId}`;
  const seen = deps.failOpen.get(key);
  const n = seen && seen.minute === minute ? seen.n + 1 : 1;
  deps.failOpen.set(key, { minute, n });
  if (n > policy.failOpenPerMinute) throw new AppError('RISK_UNAVAILABLE');
}
