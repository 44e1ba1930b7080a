import type { Executor } from '../../db';

export async function corpGroups(db: Executor, corpId: string): Promise<string[]> {
  const rows = await db.selectFrom('corp_group_member').select('group_id').where('corp_id', '=', corpId).execute();
  return rows.map((r) => r.group_id).sort();
}

export interface CorpUpsert {
  id: string;
  name: string;
  whiteListed: boolean;
  gray: boolean;
  appSecret: string;
  now: number;
}

export async function upsertCorp(db: Executor, c: CorpUpsert): Promise<void> {
  const values = { name: c.name, white_listed: c.whiteListed ? 1 : 0, gray: c.gray ? 1 : 0, app_secret: c.appSecret };
  const existing = await db.selectFrom('corp').select('id').where('id', '=', c.id).executeTakeFirst();
  if (existing) await db.updateTable('corp').set(values).where('id', '=', c.id).execute();
  else
    await db
      .insertInto('corp')
      .values({ id: c.id, created_at: c.now, ...values })
      .execute();
}

export async function replaceCorpGroups(db: Executor, corpId: string, groupIds: string[]): Promise<void> {
  await db.deleteFrom('corp_group_member').where('corp_id', '=', corpId).execute();
  if (groupIds.length) {
    await db
      .insertInto('corp_group_member')
      .values(groupIds.map((g) => ({ group_id: g, corp_id: corpId })))
      .execute();
  }
}

export async function upsertCgroup(db: Executor, corpId: string, id: string, name: string): Promise<void> {
  const existing = await db
    .selectFrom('cgroup')
    .select('id')
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (existing)
    await db.updateTable('cgroup').set({ name }).where('corp_id', '=', corpId).where('id', '=', id).execute();
  else await db.insertInto('cgroup').values({ corp_id: corpId, id, name }).execute();
}

export async function replaceUserCgroups(db: Executor, corpId: string, userId: string, ids: string[]): Promise<void> {
  await db.deleteFrom('cgroup_member').where('corp_id', '=', corpId).where('user_id', '=', userId).execute();
  if (ids.length) {
    await db
      .insertInto('cgroup_member')
      .values(ids.map((cgroup_id) => ({ corp_id: corpId, cgroup_id, user_id: userId })))
      .execute();
  }
}

export async function countCorps(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('corp')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function corpExists(db: Executor, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('corp').select('id').where('id', '=', id).executeTakeFirst());
}

/** Ids of the corps whose app secret is one of `secrets`. */
export async function corpsWithSecrets(db: Executor, secrets: string[]): Promise<string[]> {
  if (!secrets.length) return [];
  const rows = await db.selectFrom('corp').select('id').where('app_secret', 'in', secrets).orderBy('id').execute();
  return rows.map((r) => r.id);
}
