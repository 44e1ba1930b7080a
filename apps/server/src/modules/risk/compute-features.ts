import ipaddr from 'ipaddr.js';
import type { CounterAsk } from '../../platform/risk-counters';
import { freshOtp, type RiskAttempt } from '../../platform/risk-port';
import type { RiskDeps } from './context';
import { type Features, VIRTUAL_SEGMENTS } from './features';
import { type CorpRiskState, listKey } from './state';

/** What a path tells the engine about one attempt (platform/risk-port.ts). */
export type RiskInput = RiskAttempt;

const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;

/** The address's network: IPv4 /24, IPv6 /64 (what one farm's proxies usually share). */
export function subnetOf(ip: string): string {
  try {
    const a = ipaddr.process(ip);
    if (a.kind() === 'ipv4') return `${a.toByteArray().slice(0, 3).join('.')}.0/24`;
    const parts = (a as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
    return `${parts.join(':')}::/64`;
  } catch {
    return ip;
  }
}

/** Counts this attempt everywhere at once (one round trip to the counters) and reads every feature back. */
export async function computeFeatures(deps: RiskDeps, input: RiskInput, state: CorpRiskState): Promise<Features> {
  const c = input.corpId;
  const subnet = subnetOf(input.ip);
  const dev = input.deviceId;
  const seg7 = input.mobile && input.mobile.length >= 7 ? input.mobile.slice(0, 7) : null;
  const ask: CounterAsk = {
    counts: [
      { key: `u|${c}|${input.userId}`, windowSec: MIN },
      { key: `u|${c}|${input.userId}`, windowSec: HOUR },
      { key: `u|${c}|${input.userId}`, windowSec: DAY },
      { key: `ip|${c}|${input.ip}`, windowSec: MIN },
      ...(dev
        ? [
            { key: `d|${c}|${dev}`, windowSec: MIN },
            { key: `d|${c}|${dev}`, windowSec: HOUR },
          ]
        : []),
    ],
    distinct: [
      { key: `ipa|${c}|${input.ip}`, member: input.userId, windowSec: DAY },
      { key: `sna|${c}|${subnet}`, member: input.userId, windowSec: DAY },
      ...(dev ? [{ key: `da|${c}|${dev}`, member: input.userId, windowSec: DAY }] : []),
      ...(seg7 ? [{ key: `pa|${c}|${seg7}`, member: input.userId, windowSec: DAY }] : []),
      ...(input.inviter
        ? [
            { key: `inv|${c}|${input.inviter}`, member: input.userId, windowSec: HOUR },
            { key: `inv|${c}|${input.inviter}`, member: input.userId, windowSec: DAY },
          ]
        : []),
    ],
  };
  const got = await deps.counters.observe(ask, input.now);
  const n = (i: number) => got.counts[i] ?? 0;
  const d = (i: number) => got.distinct[i] ?? 0;
  const segment = input.mobile?.slice(0, 3) ?? '';
  return {
    customer: {
      draws_1m: n(0),
      draws_1h: n(1),
      draws_1d: n(2),
      age_min: input.signedUpAt === null ? 0 : Math.max(0, Math.floor((input.now - input.signedUpAt) / 60_000)),
      fresh_otp: freshOtp({ loginMethod: input.loginMethod, sessionStartedAt: input.sessionStartedAt ?? 0 }, input.now),
      consent: dev !== null,
    },
    device: { present: dev !== null, draws_1m: dev ? n(4) : 0, draws_1h: dev ? n(5) : 0, accounts_1d: dev ? d(2) : 0 },
    ip: { draws_1m: n(3), accounts_1d: d(0), subnet_accounts_1d: d(1) },
    phone: {
      virtual: VIRTUAL_SEGMENTS.includes(segment),
      segment,
      segment_accounts_1d: seg7 ? d(dev ? 3 : 2) : 0,
    },
    invite: {
      present: input.inviter !== undefined,
      parent_invitees_1h: input.inviter ? d(got.distinct.length - 2) : 0,
      parent_invitees_1d: input.inviter ? d(got.distinct.length - 1) : 0,
      parent_listed: input.inviter !== undefined && state.lists.invite.has(listKey(deps, 'invite', input.inviter)),
    },
    listed: {
      phone: input.mobile !== null && state.lists.phone.has(listKey(deps, 'phone', input.mobile)),
      device: dev !== null && state.lists.device.has(listKey(deps, 'device', dev)),
      ip: state.lists.ip.has(input.ip.toLowerCase()) || state.lists.ip.has(subnet),
    },
  };
}
