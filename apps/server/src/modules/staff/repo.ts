import type { StaffRole } from '@campaign/contract';
import type { Own } from '../../db/owners';

export interface StaffListEntry {
  id: string;
  name: string;
  roles: StaffRole[];
  stores: string[];
}

export async function getStaff(db: Own<'staff'>, corpId: string, staffId: string) {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', staffId)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** Names of staff members of a corp, by id (for showing who requested or decided). */
export async function staffNames(db: Own<'staff'>, corpId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('corp_id', '=', corpId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The corp's active members, by id (roles and stores as stored: JSON arrays). */
export async function activeMembers(db: Own<'staff'>, corpId: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'name', 'roles', 'stores'])
    .where('corp_id', '=', corpId)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
}

/**
 * The corp's staff list as the campaign file gives it: listed members are written, members no longer
 * listed are deactivated (their sessions stop working at the next request).
 */
export async function replaceStaffList(db: Own<'staff'>, corpId: string, list: StaffListEntry[], now: number) {
  await db.updateTable('staff').set({ active: 0, updated_at: now }).where('corp_id', '=', corpId).execute();
  for (const s of list) {
    const values = {
      name: s.name,
      roles: JSON.stringify(s.roles),
      stores: JSON.stringify(s.stores),
      active: 1,
      updated_at: now,
    };
    await db
      .insertInto('staff')
      .values({ corp_id: corpId, id: s.id, ...values })
      .onConflict((oc) => oc.columns(['corp_id', 'id']).doUpdateSet(values))
      .execute();
  }
}

/** A staff member whatever their state (the console's admin sees disabled members too). */
export async function anyStaff(db: Own<'staff'>, corpId: string, staffId: string) {
  return db.selectFrom('staff').selectAll().where('corp_id', '=', corpId).where('id', '=', staffId).executeTakeFirst();
}

export async function insertStaff(
  db: Own<'staff'>,
  row: { corpId: string; id: string; name: string; roles: StaffRole[]; now: number },
): Promise<void> {
  await db
    .insertInto('staff')
    .values({
      corp_id: row.corpId,
      id: row.id,
      name: row.name,
      roles: JSON.stringify(row.roles),
      stores: '[]',
      active: 1,
      updated_at: row.now,
    })
    .execute();
}

export async function updateStaff(
  db: Own<'staff'>,
  corpId: string,
  staffId: string,
  set: { roles?: StaffRole[]; active?: boolean; name?: string; now: number },
): Promise<void> {
  await db
    .updateTable('staff')
    .set({
      ...(set.name ? { name: set.name } : {}),
      ...(set.roles ? { roles: JSON.stringify(set.roles) } : {}),
      ...(set.active !== undefined ? { active: set.active ? 1 : 0 } : {}),
      updated_at: set.now,
    })
    .where('corp_id', '=', corpId)
    .where('id', '=', staffId)
    .execute();
}
