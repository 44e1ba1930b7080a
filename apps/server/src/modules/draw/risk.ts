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

export const DEFAULT_VELOCITY: VelocityLimits = { windowMs: 10_000, perNuid: 5, perIp: 50, perDevice: 10 };

export function velocityRiskHook(limits: VelocityLimits = DEFAULT_VELOCITY): RiskHook {
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
