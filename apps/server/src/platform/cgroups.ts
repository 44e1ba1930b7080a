import type { Executor } from '../db';

/** Which of the given customer groups a user belongs to (used by the cgroup check and draw eligibility). */
export async function memberCgroups(db: Executor, corpId: string, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('cgroup_member')
    .select('cgroup_id')
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .where('cgroup_id', 'in', ids)
    .execute();
  return rows.map((r) => r.cgroup_id);
}
