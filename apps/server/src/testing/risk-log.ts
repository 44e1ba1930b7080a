import type { Database_ } from '../db';
import { own } from '../db/owners';
import type { RiskDecisionTable } from '../db/schema-risk';

interface Seed {
  corpId: string;
  actId: string;
  n: number;
  at: number;
  /** How many distinct customers (default 50,000), named `${prefix}${k}` (default `u-`). */
  customers?: number;
  prefix?: string;
  /** false: no device ids (default: one per 25 customers' worth of devices). */
  deviceIds?: boolean;
  /** The first decision's number (ids and features follow it). */
  from?: number;
}

/** Rows per multi-row insert: 19 columns each stays under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 1000;

/** The features of synthetic decision `i`: deterministic, spread so that every rule of a test ruleset hits. */
function featuresOf(i: number) {
  if (i % 1000 === 999) return { unavailable: true };
  return {
    customer: {
      draws_1m: i % 3,
      draws_1h: i % 11,
      draws_1d: i % 7,
      age_min: i % 5000,
      fresh_otp: i % 2 === 0,
      consent: true,
    },
    device: { present: i % 4 !== 0, draws_1m: i % 2, draws_1h: i % 9, accounts_1d: i % 5 },
    ip: { draws_1m: i % 3, accounts_1d: i % 13, subnet_accounts_1d: i % 17 },
    phone: { virtual: i % 23 === 0, segment: '138', segment_accounts_1d: i % 19 },
    invite: { present: false, parent_invitees_1h: 0, parent_invitees_1d: 0, parent_listed: false },
    listed: { phone: i % 97 === 0, device: false, ip: false },
  };
}

/**
 * Stores `n` synthetic decisions of one campaign (tests and the replay bench), a multi-row insert per 1,000
 * in one transaction per 20,000: ids sort in the order they are made; `customers` distinct customers.
 */
export async function seedDecisions(database: Database_, o: Seed): Promise<void> {
  const db = own('risk', database.db);
  const customers = o.customers ?? 50_000;
  const from = o.from ?? 0;
  for (let start = from; start < from + o.n; start += 20 * BATCH) {
    await db.transaction().execute(async (tx) => {
      for (let b = start; b < Math.min(start + 20 * BATCH, from + o.n); b += BATCH) {
        const rows: RiskDecisionTable[] = [];
        for (let i = b; i < Math.min(b + BATCH, from + o.n); i++) rows.push(rowOf(o, i, customers));
        await tx.insertInto('risk_decision').values(rows).execute();
      }
    });
  }
}

function rowOf(o: Seed, i: number, customers: number) {
  const user = i % customers;
  return {
    id: `d-${o.actId}-${String(i).padStart(9, '0')}`,
    corp_id: o.corpId,
    act_id: o.actId,
    user_id: `${o.prefix ?? 'u-'}${user}`,
    ip: `10.0.${(user >> 8) & 255}.${user & 255}`,
    device_id: o.deviceIds === false ? null : `dev-${user % 2000}`,
    gray_flag: null,
    ruleset_id: null,
    ruleset_hash: null,
    action: 'allow' as const,
    matched: '[]',
    shadow: '[]',
    features: JSON.stringify(featuresOf(i)),
    draw_id: null,
    value_cents: i % 3 === 0 ? 5000 : null,
    label: null,
    appeal_id: null,
    created_at: o.at + i,
  } satisfies RiskDecisionTable;
}
