import type { Own } from '../../db/owners';

export async function settings(db: Own<'settings'>, corpId: string) {
  return db.selectFrom('corp_settings').selectAll().where('corp_id', '=', corpId).executeTakeFirst();
}

export async function savePolicy(
  db: Own<'settings'>,
  corpId: string,
  p: {
    required: number;
    aboveBudgetCents: number | null;
    aboveRequired: number | null;
    now: number;
    by: string | null;
  },
): Promise<void> {
  const values = {
    approvals_required: p.required,
    above_budget_cents: p.aboveBudgetCents,
    above_required: p.aboveRequired,
    updated_at: p.now,
    updated_by: p.by,
  };
  await db
    .insertInto('corp_settings')
    .values({ corp_id: corpId, ...values })
    .onConflict((oc) => oc.column('corp_id').doUpdateSet(values))
    .execute();
}

/** Active staff of the corp (the declared read-only view of `staff`): roles are filtered by the caller. */
export async function activeStaff(db: Own<'settings'>, corpId: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'name', 'roles'])
    .where('corp_id', '=', corpId)
    .where('active', '=', 1)
    .execute();
}
