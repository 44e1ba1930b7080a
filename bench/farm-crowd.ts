/**
 * bench:farm's crowd: honest customers and a prize farm (羊毛党), and every draw they try, in time order.
 * Seeded (BENCH_SEED), so a run is repeatable. Times are ms from the campaign's opening.
 */
import { mulberry32 } from '../apps/server/src/platform/seeded-random';

export interface Customer {
  id: string;
  farm: boolean;
  mobile: string;
  ip: string;
  deviceId: string | null;
  /** Signed up this long before the opening (ms; negative: after it). */
  ageAtOpenMs: number;
}
export interface Attempt {
  at: number;
  who: Customer;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const HONEST_SEGMENTS = ['138', '139', '136', '135', '150', '151', '158', '186', '187', '189', '133', '177'];
export const VIRTUAL = ['170', '171', '162', '165', '167'];

/** mulberry32 (platform/seeded-random.ts) with the crowd's helpers. */
export function rng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
  };
}
type Rng = ReturnType<typeof rng>;

const digits = (r: Rng, n: number) => Array.from({ length: n }, () => r.int(10)).join('');

/**
 * Honest customers: households of one to three accounts; about one household in ten with several accounts
 * shares a tablet; an address shared by at most three households; about one in fifty on a virtual-carrier
 * number; one in five new to the bank (signed up in the last three days, some during the campaign); one in
 * seven without a device id (no consent). They come across twelve hours and draw their chances minutes apart.
 */
export function honest(n: number, r: Rng): { customers: Customer[]; attempts: Attempt[] } {
  const customers: Customer[] = [];
  let ip = '';
  let ipHouseholds = 0;
  for (let h = 0; customers.length < n; h++) {
    if (ipHouseholds === 0) {
      ip = `${r.pick([36, 58, 59, 60, 61, 101, 110, 112, 113, 115, 116, 117, 121, 122, 123, 171, 180, 183, 218, 220, 221, 222, 223])}.${r.int(256)}.${r.int(256)}.${1 + r.int(254)}`;
      ipHouseholds = 1 + r.int(3);
    }
    ipHouseholds--;
    const size = Math.min(n - customers.length, r.next() < 0.65 ? 1 : r.next() < 0.7 ? 2 : 3);
    const tablet = size > 1 && r.next() < 0.1 ? `tab-${h}` : null;
    for (let k = 0; k < size; k++) {
      const i = customers.length;
      const virtual = r.next() < 0.02;
      const isNew = r.next() < 0.2;
      customers.push({
        id: `h${i}`,
        farm: false,
        mobile: `${virtual ? r.pick(VIRTUAL) : r.pick(HONEST_SEGMENTS)}${digits(r, 8)}`,
        ip,
        deviceId: r.next() < 1 / 7 ? null : (tablet ?? `dev-h${i}`),
        ageAtOpenMs: isNew ? 3 * DAY - r.int(3.5 * DAY) : 30 * DAY + r.int(2000 * DAY),
      });
    }
  }
  const attempts: Attempt[] = [];
  for (const c of customers) {
    let at = r.int(12 * HOUR);
    // A customer new during the campaign signed up just before their first draw.
    if (c.ageAtOpenMs < 0) c.ageAtOpenMs = -(at - r.int(10 * MIN));
    const draws = 1 + r.int(3);
    for (let d = 0; d < draws; d++) {
      attempts.push({ at, who: c });
      at += 20_000 + r.int(30 * MIN);
    }
  }
  return { customers, attempts };
}

/**
 * The farm: `accounts` accounts on `devices` devices (emulators) behind `ips` proxy addresses, every account
 * on a virtual-carrier number bought in blocks of fifty (one seven-digit prefix each), signed up by script in
 * the two days before the opening. From the opening each device works through its accounts one after another:
 * three draws a second or two apart, a few seconds to the next account (the script's bursts).
 */
export function farm(accounts: number, devices: number, ips: number, r: Rng) {
  const customers: Customer[] = [];
  const attempts: Attempt[] = [];
  const blocks = Array.from({ length: Math.ceil(accounts / 50) }, () => `${r.pick(VIRTUAL)}${digits(r, 4)}`);
  const addresses = Array.from(
    { length: ips },
    () => `${45 + r.int(60)}.${r.int(256)}.${r.int(256)}.${1 + r.int(254)}`,
  );
  const perDevice = Math.ceil(accounts / devices);
  for (let d = 0; d < devices; d++) {
    let at = r.int(20_000);
    for (let k = 0; k < perDevice && customers.length < accounts; k++) {
      const i = customers.length;
      const c: Customer = {
        id: `f${i}`,
        farm: true,
        mobile: `${blocks[Math.floor(i / 50)]}${String(i % 10_000).padStart(4, '0')}`,
        ip: addresses[d % ips] as string,
        deviceId: `emu-${d}`,
        ageAtOpenMs: r.int(2 * DAY),
      };
      customers.push(c);
      for (let j = 0; j < 3; j++) {
        attempts.push({ at, who: c });
        at += 1000 + r.int(1000);
      }
      at += 3000 + r.int(5000);
    }
  }
  return { customers, attempts };
}
