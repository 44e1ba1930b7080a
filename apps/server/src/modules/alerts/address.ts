import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Where a corp's alert webhook may point (docs/decisions/0372-webhook-addresses.md). An admin types the URL and
// the server POSTs to it and shows the outcome: pointed inside the bank's network or at a cloud's metadata
// service, that would make the console a probe of hosts nobody meant to expose. So the webhook goes to a
// public https address, or to a host the operators list in ALERT_WEBHOOK_HOSTS (an internal receiver);
// outside production also to this machine (a local relay, the tests' receiver).

/**
 * An address's class by ipaddr.js's tables (RFC 6890 and the rest): anything but plain global unicast is
 * internal — private, loopback, link-local (cloud metadata), shared, reserved and documentation, benchmark,
 * multicast, unspecified, unique-local and the like.
 */
function internalAddress(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip.kind() === 'ipv4') return (ip as ipaddr.IPv4).range() !== 'unicast';
  const v6 = ip as ipaddr.IPv6;
  const inside = embeddedIPv4(v6);
  // An IPv4 address written as IPv6 reaches that IPv4 host (through the kernel, a NAT64 or a 6to4 relay):
  // checked as the IPv4 address it is. A form that hides which host it reaches is refused.
  if (inside !== undefined) return inside === null || internalAddress(inside);
  return v6.range() !== 'unicast';
}

const v4 = (hi: number, lo: number) => ipaddr.IPv4.parse(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);

/**
 * The IPv4 host an IPv6 address stands for: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, SIIT
 * `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:aabb:ccdd::`; null for Teredo (2001::/32, the
 * client's address obfuscated) and local-use NAT64 (64:ff9b:1::/48, its prefix length unknown); undefined when
 * the address is IPv6 proper.
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const p = ip.parts;
  const last = () => v4(p[6] ?? 0, p[7] ?? 0);
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return last();
    case 'rfc6052':
      return p[2] === 0 ? last() : null;
    case '6to4':
      return v4(p[1] ?? 0, p[2] ?? 0);
    case 'teredo':
      return null;
    default:
      // ::/96 less :: and ::1 (those are unspecified and loopback, classed as IPv6).
      if (p.slice(0, 6).every((x) => x === 0) && ((p[6] ?? 0) !== 0 || (p[7] ?? 0) > 1)) return last();
      return undefined;
  }
}

/** A literal address (never a host name): `10.0.0.1`, `::ffff:a9fe:a9fe`, `64:ff9b::10.0.0.1`. */
const literal = (address: string) => (isIP(address) !== 0 ? ipaddr.parse(address) : null);

/**
 * A private, loopback, link-local (cloud metadata), shared, reserved, benchmark, multicast or unspecified
 * address, IPv4 written in any IPv6 form included. Not an address at all: false (host names are resolved).
 */
export function isInternal(address: string): boolean {
  const ip = literal(address);
  return ip !== null && internalAddress(ip);
}

const isLoopback = (address: string) => isIP(address) !== 0 && ipaddr.process(address).range() === 'loopback';

export interface WebhookAddressRules {
  production: boolean;
  /** ALERT_WEBHOOK_HOSTS: host names (or addresses) allowed although they are, or resolve to, internal ones. */
  allowedHosts: readonly string[];
}

const hostOf = (u: URL) => u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
const listed = (host: string, rules: WebhookAddressRules) => rules.allowedHosts.includes(host);
/** Outside production this machine may receive (a local relay, the tests' own receiver), over http too. */
const localTest = (host: string, rules: WebhookAddressRules) =>
  !rules.production && (host === 'localhost' || (isIP(host) !== 0 && isLoopback(host)));

/**
 * Whether an admin may set this URL: https (plain http only to this machine outside production), no user or
 * password in it, and not an internal address written out unless its host is listed. A host name is checked
 * again when it is resolved, at each delivery (`deliverable`).
 */
export function webhookUrlOk(raw: string, rules: WebhookAddressRules): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  const host = hostOf(u);
  if (localTest(host, rules)) return u.protocol === 'https:' || u.protocol === 'http:';
  if (u.protocol !== 'https:') return false;
  if (listed(host, rules)) return true;
  return host !== 'localhost' && !(isIP(host) !== 0 && isInternal(host));
}

/**
 * Before a delivery: the reason not to connect, or null. A host name that resolves to an internal address is
 * refused unless listed, so a public name pointed at an internal host later (or from the start) reaches nothing.
 */
export async function undeliverable(
  raw: string,
  rules: WebhookAddressRules,
  resolve: (host: string) => Promise<string[]> = async (h) => (await lookup(h, { all: true })).map((r) => r.address),
): Promise<string | null> {
  const u = new URL(raw);
  const host = hostOf(u);
  if (listed(host, rules) || localTest(host, rules)) return null;
  let addresses: string[];
  try {
    addresses = isIP(host) !== 0 ? [host] : await resolve(host);
  } catch {
    return null; // Not resolvable now: the fetch fails and says so, and the alert is tried again later.
  }
  return addresses.some(isInternal) ? 'the address resolves to an internal network; not sent' : null;
}
