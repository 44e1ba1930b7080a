import type { RiskListType, RiskRule } from '@campaign/contract';
import { hmacHex } from '../../platform/crypto';
import { type CompiledRule, compile } from './cel';
import type { RiskDeps } from './context';
import * as repo from './repo';

/** A running version, compiled. */
export interface RunningVersion {
  id: string;
  version: number;
  hash: string;
  mode: 'shadow' | 'canary' | 'enforce';
  canaryPct: number;
  rules: CompiledRule[];
}

/** What one corp's decisions read: its running versions, lists and snoozes; reloaded at most a second old. */
export interface CorpRiskState {
  at: number;
  versions: RunningVersion[];
  lists: Record<RiskListType, Set<string>>;
  snoozed: Map<string, Set<string>>;
}

/** A list or version change reaches every node within this long (each reloads on its own). */
export const STATE_TTL_MS = 1000;

const cache = new WeakMap<object, Map<string, { state: Promise<CorpRiskState> }>>();

export function corpState(deps: RiskDeps, corpId: string, now: number): Promise<CorpRiskState> {
  let byCorp = cache.get(deps.database);
  if (!byCorp) {
    byCorp = new Map();
    cache.set(deps.database, byCorp);
  }
  const found = byCorp.get(corpId);
  if (found) return found.state.then((s) => (now - s.at < STATE_TTL_MS ? s : reload(deps, byCorp, corpId, now)));
  return reload(deps, byCorp, corpId, now);
}

/** Forgets a corp's state in this process at once (its own writes; other processes reload within a second). */
export function forget(deps: RiskDeps, corpId: string) {
  cache.get(deps.database)?.delete(corpId);
}

function reload(
  deps: RiskDeps,
  byCorp: Map<string, { state: Promise<CorpRiskState> }>,
  corpId: string,
  now: number,
): Promise<CorpRiskState> {
  const state = load(deps, corpId, now);
  byCorp.set(corpId, { state });
  state.catch(() => byCorp.delete(corpId));
  return state;
}

/** A version's rules never change once it runs (its hash names them): compiled once per process, not per reload. */
const compiled = new Map<string, CompiledRule[]>();
function compiledOf(hash: string, rules: string): CompiledRule[] {
  let c = compiled.get(hash);
  if (!c) {
    c = compile(JSON.parse(rules) as RiskRule[]);
    if (compiled.size > 200) compiled.clear();
    compiled.set(hash, c);
  }
  return c;
}

async function load(deps: RiskDeps, corpId: string, now: number): Promise<CorpRiskState> {
  const db = deps.database.db;
  const [rows, entries, snoozes] = await Promise.all([
    repo.running(db, corpId),
    repo.listEntries(db, corpId, now),
    repo.snoozes(db, corpId, now),
  ]);
  const versions = rows.map((r) => ({
    id: r.id,
    version: r.version,
    hash: r.hash,
    mode: r.mode as RunningVersion['mode'],
    canaryPct: r.canary_pct ?? 0,
    rules: compiledOf(r.hash, r.rules),
  }));
  const lists: CorpRiskState['lists'] = {
    phone: new Set(),
    device: new Set(),
    ip: new Set(),
    invite: new Set(),
    id_number: new Set(),
  };
  for (const e of entries) lists[e.type].add(e.value_key);
  const snoozed = new Map<string, Set<string>>();
  for (const s of snoozes) snoozed.set(s.user_id, (snoozed.get(s.user_id) ?? new Set()).add(s.rule_id));
  return { at: now, versions, lists, snoozed };
}

/** A phone (or ID number) on a list is kept as a keyed hash, never in clear. */
export function listKey(deps: Pick<RiskDeps, 'config'>, type: string, value: string): string {
  if (type !== 'phone' && type !== 'id_number') return value.toLowerCase();
  const key = deps.config.encryptionKey ?? 'campaign-risk-list-development-key';
  return hmacHex(key, `${type}:${value}`);
}
