import { RISK_VELOCITY } from '../../platform/limits';

/**
 * The rocc (risk-controlled) draw path consults a risk hook before drawing. The built-in rules are
 * velocity limits per nuid, per IP and per device id over a sliding window; a bank can plug in its own
 * risk engine with the same signature. Every decision is logged by the service.
 */
export interface RiskContext {
  corpId: string;
  actId: string;
  userId: string;
  nuid: string;
  ip: string;
  deviceId: string | null;
  grayFlag: 0 | 1 | null;
  now: number;
}
export type RiskDecision = { allow: true } | { allow: false; rule: string };
export type RiskHook = (ctx: RiskContext) => Promise<RiskDecision> | RiskDecision;

export interface VelocityLimits {
  windowMs: number;
  perNuid: number;
  perIp: number;
  perDevice: number;
}

/** The shared limits' windows (platform/limits.ts RISK_VELOCITY), for the in-process counting too. */
export const DEFAULT_VELOCITY: VelocityLimits = {
  windowMs: RISK_VELOCITY.windowSec * 1000,
  perNuid: RISK_VELOCITY.perNuid,
  perIp: RISK_VELOCITY.perIp,
  perDevice: RISK_VELOCITY.perDevice,
};

/** Counters every process and node shares (platform/limits.ts): the velocity rules count there when given. */
export interface SharedVelocity {
  take(name: 'risk-nuid' | 'risk-ip' | 'risk-device', key: string): Promise<{ ok: boolean }>;
}

/**
 * The built-in rules: velocity per nuid, IP and device id of one campaign. With `shared` (the service's Limits)
 * the counts live where every process and node sees them (Redis, PostgreSQL or a SQLite file beside the
 * database, ADR 0050) and survive a restart; without it, in this process only (a bank's tests, the limits'
 * own fallback).
 */
export function velocityRiskHook(limits: VelocityLimits = DEFAULT_VELOCITY, shared?: SharedVelocity): RiskHook {
  if (shared) {
    return async (ctx) => {
      const scope = `${ctx.corpId}|${ctx.actId}`;
      if (!(await shared.take('risk-nuid', `${scope}|${ctx.nuid}`)).ok) return { allow: false, rule: 'velocity-nuid' };
      if (!(await shared.take('risk-ip', `${scope}|${ctx.ip}`)).ok) return { allow: false, rule: 'velocity-ip' };
      if (ctx.deviceId && !(await shared.take('risk-device', `${scope}|${ctx.deviceId}`)).ok) {
        return { allow: false, rule: 'velocity-device' };
      }
      return { allow: true };
    };
  }
  return inProcessVelocity(limits);
}

function inProcessVelocity(limits: VelocityLimits): RiskHook {
  const hits = new Map<string, number[]>();
  const over = (key: string, max: number, now: number): boolean => {
    const since = now - limits.windowMs;
    const list = (hits.get(key) ?? []).filter((t) => t > since);
    const exceeded = list.length >= max;
    if (!exceeded) list.push(now);
    hits.set(key, list);
    if (hits.size > 100_000) hits.clear();
    return exceeded;
  };
  return (ctx) => {
    const scope = `${ctx.corpId}|${ctx.actId}`;
    if (over(`n|${scope}|${ctx.nuid}`, limits.perNuid, ctx.now)) return { allow: false, rule: 'velocity-nuid' };
    if (over(`i|${scope}|${ctx.ip}`, limits.perIp, ctx.now)) return { allow: false, rule: 'velocity-ip' };
    if (ctx.deviceId && over(`d|${scope}|${ctx.deviceId}`, limits.perDevice, ctx.now)) {
      return { allow: false, rule: 'velocity-device' };
    }
    return { allow: true };
  };
}
