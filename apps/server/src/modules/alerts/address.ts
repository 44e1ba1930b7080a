import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Where a corp's alert webhook may point (docs/decisions/0372-webhook-addresses.md). An admin types the URL and
// the server POSTs to it and shows the outcome: pointed inside the bank's network or at a cloud's metadata
// service, that would make the console a probe of hosts nobody meant to expose. So the webhook goes to a
// public https address, or to a host the operators list in ALERT_WEBHOOK_HOSTS (an internal receiver);
// outside production also to this machine (a local relay, the tests' receiver).

const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(net, bits, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is checked as the IPv4 address it is. */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1] as string, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** A private, loopback, link-local (cloud metadata), shared, benchmark, multicast or unspecified address. */
export function isInternal(address: string): boolean {
  const a = plain(address);
  return INTERNAL.check(a.address, a.family);
}

const isLoopback = (address: string) => {
  const a = plain(address);
  return LOOPBACK.check(a.address, a.family);
};

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
