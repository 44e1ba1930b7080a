import type { AnyExecutor } from '../db/connection';
import { own } from '../db/owners';

// Tenancy: the corps, their groups and customer groups. Platform owns these tables (db/owners.ts); the
// request pipeline reads the corp (cached), the `corp` contract group and the CLI read and write them here.

const tenancy = (ex: AnyExecutor) => own('platform', ex);

export interface Corp {
  id: string;
  name: string;
  whiteListed: boolean;
  gray: boolean;
  appSecret: string;
  /** The corp's own H5 origins (campaign definition `h5Origins`); invite links may point only there or here. */
  h5Origins?: string[];
}

/** Corps change rarely and are read on every request: keep them briefly in memory. */
export function createCorpCache(ttlMs = 30_000) {
  const cache = new Map<string, { corp: Corp | null; at: number }>();
  return {
    async get(ex: AnyExecutor, id: string, now: number): Promise<Corp | null> {
      const hit = cache.get(id);
      if (hit && now - hit.at < ttlMs) return hit.corp;
      const row = await tenancy(ex).selectFrom('corp').selectAll().where('id', '=', id).executeTakeFirst();
      const corp = row
        ? {
            id: row.id,
            name: row.name,
            whiteListed: row.white_listed === 1,
            gray: row.gray === 1,
            appSecret: row.app_secret,
            h5Origins: parseOrigins(row.h5_origins),
          }
        : null;
      if (cache.size > 10_000) cache.clear();
      cache.set(id, { corp, at: now });
      return corp;
    },
    invalidate(id?: string) {
      if (id) cache.delete(id);
      else cache.clear();
    },
  };
}
export type CorpCache = ReturnType<typeof createCorpCache>;

/** Which of the given customer groups a user belongs to (used by the cgroup check and draw eligibility). */
export async function memberCgroups(ex: AnyExecutor, corpId: string, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tenancy(ex)
    .selectFrom('cgroup_member')
    .select('cgroup_id')
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .where('cgroup_id', 'in', ids)
    .execute();
  return rows.map((r) => r.cgroup_id);
}

export async function corpGroups(ex: AnyExecutor, corpId: string): Promise<string[]> {
  const rows = await tenancy(ex)
    .selectFrom('corp_group_member')
    .select('group_id')
    .where('corp_id', '=', corpId)
    .execute();
  return rows.map((r) => r.group_id).sort();
}

function parseOrigins(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

export interface CorpUpsert {
  id: string;
  name: string;
  whiteListed: boolean;
  gray: boolean;
  appSecret: string;
  h5Origins?: string[];
  now: number;
}

export async function upsertCorp(ex: AnyExecutor, c: CorpUpsert): Promise<void> {
  const values = {
    name: c.name,
    white_listed: c.whiteListed ? 1 : 0,
    gray: c.gray ? 1 : 0,
    app_secret: c.appSecret,
    h5_origins: JSON.stringify(c.h5Origins ?? []),
  };
  const existing = await tenancy(ex).selectFrom('corp').select('id').where('id', '=', c.id).executeTakeFirst();
  if (existing) await tenancy(ex).updateTable('corp').set(values).where('id', '=', c.id).execute();
  else
    await tenancy(ex)
      .insertInto('corp')
      .values({ id: c.id, created_at: c.now, ...values })
      .execute();
}

export async function replaceCorpGroups(ex: AnyExecutor, corpId: string, groupIds: string[]): Promise<void> {
  await tenancy(ex).deleteFrom('corp_group_member').where('corp_id', '=', corpId).execute();
  if (groupIds.length) {
    await tenancy(ex)
      .insertInto('corp_group_member')
      .values(groupIds.map((g) => ({ group_id: g, corp_id: corpId })))
      .execute();
  }
}

export async function upsertCgroup(ex: AnyExecutor, corpId: string, id: string, name: string): Promise<void> {
  const existing = await tenancy(ex)
    .selectFrom('cgroup')
    .select('id')
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (existing)
    await tenancy(ex).updateTable('cgroup').set({ name }).where('corp_id', '=', corpId).where('id', '=', id).execute();
  else await tenancy(ex).insertInto('cgroup').values({ corp_id: corpId, id, name }).execute();
}

export async function replaceUserCgroups(
  ex: AnyExecutor,
  corpId: string,
  userId: string,
  ids: string[],
): Promise<void> {
  await tenancy(ex).deleteFrom('cgroup_member').where('corp_id', '=', corpId).where('user_id', '=', userId).execute();
  if (ids.length) {
    await tenancy(ex)
      .insertInto('cgroup_member')
      .values(ids.map((cgroup_id) => ({ corp_id: corpId, cgroup_id, user_id: userId })))
      .execute();
  }
}

export async function countCorps(ex: AnyExecutor): Promise<number> {
  const r = await tenancy(ex)
    .selectFrom('corp')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function corpExists(ex: AnyExecutor, id: string): Promise<boolean> {
  return Boolean(await tenancy(ex).selectFrom('corp').select('id').where('id', '=', id).executeTakeFirst());
}

/** Ids of the corps whose app secret is one of `secrets`. */
export async function corpsWithSecrets(ex: AnyExecutor, secrets: string[]): Promise<string[]> {
  if (!secrets.length) return [];
  const rows = await tenancy(ex)
    .selectFrom('corp')
    .select('id')
    .where('app_secret', 'in', secrets)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

// ---- the kill switch (docs/decisions/0332-kill-switch.md) ----

export interface HaltState {
  halted: boolean;
  reason: string | null;
  at: number | null;
  /** A staff id. */
  by: string | null;
}

export async function campaignsHaltState(ex: AnyExecutor, corpId: string): Promise<HaltState | null> {
  const row = await tenancy(ex)
    .selectFrom('corp')
    .select(['campaigns_halted', 'halted_reason', 'halted_at', 'halted_by'])
    .where('id', '=', corpId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    halted: row.campaigns_halted === 1,
    reason: row.halted_reason,
    at: row.halted_at == null ? null : Number(row.halted_at),
    by: row.halted_by,
  };
}

/** Sets the switch, in the caller's transaction (the settings module, with its audit entry). */
export async function setCampaignsHalted(ex: AnyExecutor, corpId: string, s: HaltState): Promise<void> {
  await tenancy(ex)
    .updateTable('corp')
    .set({ campaigns_halted: s.halted ? 1 : 0, halted_reason: s.reason, halted_at: s.at, halted_by: s.by })
    .where('id', '=', corpId)
    .execute();
}

/** How stale a node's view of the kill switch may be: the draw reads it at most once a second per corp. */
export const HALT_STALENESS_MS = 1000;

/**
 * Whether a corp's campaigns are halted, read from the database at most once per `ttlMs` per corp and
 * process: every node sees a flip within about a second, unlike the 30-second corp cache (which the
 * switch deliberately does not ride on). One small indexed read per corp and second.
 */
export function createCampaignHalts(ex: AnyExecutor, clock: () => number, ttlMs = HALT_STALENESS_MS) {
  const cache = new Map<string, { halted: boolean; at: number; pending?: Promise<boolean> }>();
  return {
    async halted(corpId: string): Promise<boolean> {
      const now = clock();
      const hit = cache.get(corpId);
      if (hit && now - hit.at < ttlMs) return hit.halted;
      if (hit?.pending) return hit.pending;
      const pending = campaignsHaltState(ex, corpId).then(
        (s) => {
          if (cache.size > 10_000) cache.clear();
          cache.set(corpId, { halted: s?.halted ?? false, at: now });
          return s?.halted ?? false;
        },
        (err) => {
          cache.delete(corpId);
          throw err;
        },
      );
      // Simultaneous draws of one corp share the one read.
      cache.set(corpId, { halted: hit?.halted ?? false, at: hit?.at ?? Number.NEGATIVE_INFINITY, pending });
      return pending;
    },
    /** This node's own flip is seen at once. */
    forget(corpId: string) {
      cache.delete(corpId);
    },
  };
}
export type CampaignHalts = ReturnType<typeof createCampaignHalts>;
