import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { CounterAnswer, CounterAsk } from '../../platform/risk-counters';
import { freshOtp, type RiskAttempt } from '../../platform/risk-port';
import type { RiskDeps } from './context';
import { type Features, VIRTUAL_SEGMENTS } from './features';
import { type CorpRiskState, listKey } from './state';

/** What a path tells the engine about one attempt (platform/risk-port.ts). */
export type RiskInput = RiskAttempt;

const SEC = 1;
const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;
/** How long a customer's first draw, first win and place in an invite tree are kept (a long campaign's life). */
const KEEP = 180 * DAY;

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

/** A network or device as a number a counter can hold (28 bits of its hash), to compare two customers'. */
const tag = (s: string) => Number.parseInt(createHash('sha256').update(s).digest('hex').slice(0, 7), 16);

/** Times are kept as minutes since 1970 (a counter holds a 32-bit integer). */
const minuteOf = (ms: number) => Math.floor(ms / 60_000);

type Count = CounterAsk['counts'][number];
type Distinct = CounterAsk['distinct'][number];
type First = NonNullable<CounterAsk['firsts']>[number];

/** An ask built by name: each `count`/`distinct`/`first` returns a reader of its answer. */
function asker() {
  const counts: Count[] = [];
  const distinct: Distinct[] = [];
  const firsts: First[] = [];
  let got: CounterAnswer = { counts: [], distinct: [], firsts: [] };
  return {
    ask: { counts, distinct, firsts } satisfies CounterAsk,
    answer: (a: CounterAnswer) => {
      got = a;
    },
    count(key: string, windowSec: number, by = 1) {
      const i = counts.push({ key, windowSec, by }) - 1;
      return () => got.counts[i] ?? 0;
    },
    distinct(key: string, member: string, windowSec: number) {
      const i = distinct.push({ key, member, windowSec }) - 1;
      return () => got.distinct[i] ?? 0;
    },
    first(key: string, value: number | null) {
      const i = firsts.push({ key, value, ttlSec: KEEP }) - 1;
      return () => got.firsts[i] ?? null;
    },
  };
}

/** Features a rule can read, and what the engine counts once the decision lets the attempt through. */
export interface Counted {
  features: Features;
  /** Written after a decision that lets the attempt through (no wait on the path): invite tree, same second. */
  after: CounterAsk | null;
}

/** Counts this attempt everywhere at once (one round trip to the counters) and reads every feature back. */
export async function computeFeatures(deps: RiskDeps, input: RiskInput, state: CorpRiskState): Promise<Counted> {
  const c = input.corpId;
  const u = input.userId;
  const subnet = subnetOf(input.ip);
  const dev = input.deviceId;
  const seg7 = input.mobile && input.mobile.length >= 7 ? input.mobile.slice(0, 7) : null;
  const inv = input.inviter;
  const q = asker();
  const uMin = q.count(`u|${c}|${u}`, MIN);
  const uHour = q.count(`u|${c}|${u}`, HOUR);
  const uDay = q.count(`u|${c}|${u}`, DAY);
  const u7d = q.count(`u|${c}|${u}`, 7 * DAY);
  const u30d = q.count(`u|${c}|${u}`, 30 * DAY);
  const ipMin = q.count(`ip|${c}|${input.ip}`, MIN);
  const netSecond = q.count(`sn|${c}|${subnet}`, SEC);
  const sameSecondDay = q.count(`ss|${c}|${u}`, DAY, 0);
  const devMin = dev ? q.count(`d|${c}|${dev}`, MIN) : () => 0;
  const devHour = dev ? q.count(`d|${c}|${dev}`, HOUR) : () => 0;
  const ipAcc = q.distinct(`ipa|${c}|${input.ip}`, u, DAY);
  const ipAcc30 = q.distinct(`ipa|${c}|${input.ip}`, u, 30 * DAY);
  const netAcc = q.distinct(`sna|${c}|${subnet}`, u, DAY);
  const devAcc = dev ? q.distinct(`da|${c}|${dev}`, u, DAY) : () => 0;
  const devAcc30 = dev ? q.distinct(`da|${c}|${dev}`, u, 30 * DAY) : () => 0;
  const segAcc = seg7 ? q.distinct(`pa|${c}|${seg7}`, u, DAY) : () => 0;
  // An invite is not a draw: it neither starts the customer's first-draw clock nor counts towards it.
  const firstDraw = q.first(`fd|${c}|${u}`, inv ? null : minuteOf(input.now));
  const firstWin = q.first(`fw|${c}|${u}`, null);
  const depth = q.first(`depth|${c}|${u}`, null);
  const invitedAt = q.first(`ia|${c}|${u}`, null);
  q.first(`net|${c}|${u}`, tag(subnet));
  if (dev) q.first(`dev|${c}|${u}`, tag(dev));
  const parent = inv ? inviteReaders(q, c, inv, u) : null;
  q.answer(await deps.counters.observe(q.ask, input.now));
  const segment = input.mobile?.slice(0, 3) ?? '';
  const sinceMin = (from: number | null, to: number | null) =>
    from === null || to === null ? -1 : Math.max(0, to - from);
  const features: Features = {
    customer: {
      draws_1m: uMin(),
      draws_1h: uHour(),
      draws_1d: uDay(),
      draws_7d: u7d(),
      draws_30d: u30d(),
      age_min: input.signedUpAt === null ? 0 : Math.max(0, Math.floor((input.now - input.signedUpAt) / 60_000)),
      first_draw_min: sinceMin(input.signedUpAt === null ? null : minuteOf(input.signedUpAt), firstDraw()),
      draws_before_win: firstWin() ?? Math.max(0, u30d() - 1),
      same_second_pct: uDay() > 0 ? Math.min(100, Math.round((100 * sameSecondDay()) / uDay())) : 0,
      invite_depth: depth() ?? 0,
      invited_to_draw_min: sinceMin(invitedAt(), firstDraw()),
      fresh_otp: freshOtp({ loginMethod: input.loginMethod, sessionStartedAt: input.sessionStartedAt ?? 0 }, input.now),
      consent: dev !== null,
    },
    device: {
      present: dev !== null,
      draws_1m: devMin(),
      draws_1h: devHour(),
      accounts_1d: devAcc(),
      accounts_30d: devAcc30(),
    },
    ip: {
      draws_1m: ipMin(),
      network_draws_1s: netSecond(),
      accounts_1d: ipAcc(),
      accounts_30d: ipAcc30(),
      subnet_accounts_1d: netAcc(),
    },
    phone: { virtual: VIRTUAL_SEGMENTS.includes(segment), segment, segment_accounts_1d: segAcc() },
    invite: inviteOf(parent, subnet, dev, inv !== undefined && state.lists.invite.has(listKey(deps, 'invite', inv))),
    listed: listedOf(deps, state, input, subnet),
  };
  return { features, after: afterwards(c, u, input.now, netSecond() >= 2, inv, features.invite) };
}

/** What of the attempt is on the bank's lists (a phone or device as its keyed hash, an address or its network). */
function listedOf(deps: RiskDeps, state: CorpRiskState, input: RiskInput, subnet: string): Features['listed'] {
  return {
    phone: input.mobile !== null && state.lists.phone.has(listKey(deps, 'phone', input.mobile)),
    device: input.deviceId !== null && state.lists.device.has(listKey(deps, 'device', input.deviceId)),
    ip: state.lists.ip.has(input.ip.toLowerCase()) || state.lists.ip.has(subnet),
  };
}

/** The inviter's side of an invite: their invitees, depth and the network and device they were first seen on. */
function inviteReaders(q: ReturnType<typeof asker>, c: string, inv: string, u: string) {
  return {
    hour: q.distinct(`inv|${c}|${inv}`, u, HOUR),
    day: q.distinct(`inv|${c}|${inv}`, u, DAY),
    month: q.distinct(`inv|${c}|${inv}`, u, 30 * DAY),
    shared: q.count(`invs|${c}|${inv}`, DAY, 0),
    depth: q.first(`depth|${c}|${inv}`, null),
    net: q.first(`net|${c}|${inv}`, null),
    dev: q.first(`dev|${c}|${inv}`, null),
  };
}

/** The invite group: this customer's place under the inviter, and what they share with them. */
function inviteOf(
  parent: ReturnType<typeof inviteReaders> | null,
  subnet: string,
  dev: string | null,
  parentListed: boolean,
): Features['invite'] {
  const sameNetwork = parent !== null && parent.net() === tag(subnet);
  const sameDevice = parent !== null && dev !== null && parent.dev() === tag(dev);
  return {
    present: parent !== null,
    depth: parent ? (parent.depth() ?? 0) + 1 : 0,
    parent_invitees_1h: parent?.hour() ?? 0,
    parent_invitees_1d: parent?.day() ?? 0,
    parent_invitees_30d: parent?.month() ?? 0,
    same_network: sameNetwork,
    same_device: sameDevice,
    parent_shared_pct: parent ? sharedPct(parent.shared(), sameNetwork || sameDevice, parent.day()) : 0,
    parent_listed: parentListed,
  };
}

/** The share (%) of an inviter's invitees today that share a network or device with them, this one included. */
function sharedPct(before: number, thisOne: boolean, invitees: number) {
  if (invitees <= 0) return 0;
  return Math.min(100, Math.round((100 * (before + (thisOne ? 1 : 0))) / invitees));
}

/**
 * What is counted once a decision lets the attempt through, not before (a refused invite places no one in a
 * tree): a draw in a second its network shared with another, and an accepted invite's place in the tree.
 */
function afterwards(
  c: string,
  u: string,
  now: number,
  crowded: boolean,
  inv: string | undefined,
  f: Features['invite'],
): CounterAsk | null {
  const counts = [
    ...(crowded ? [{ key: `ss|${c}|${u}`, windowSec: DAY }] : []),
    ...(inv && (f.same_network || f.same_device) ? [{ key: `invs|${c}|${inv}`, windowSec: DAY }] : []),
  ];
  const firsts = inv
    ? [
        { key: `depth|${c}|${u}`, value: Number(f.depth), ttlSec: KEEP },
        { key: `ia|${c}|${u}`, value: minuteOf(now), ttlSec: KEEP },
      ]
    : [];
  return counts.length || firsts.length ? { counts, distinct: [], firsts } : null;
}

/** After a prize is won: the customer's draws before this one are their draws before the first win (kept if set). */
export function firstWin(c: string, u: string, drawsBefore: number): CounterAsk {
  return { counts: [], distinct: [], firsts: [{ key: `fw|${c}|${u}`, value: drawsBefore, ttlSec: KEEP }] };
}
