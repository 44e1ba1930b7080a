import type { Db } from './repo';

// The device-id purge's SQL (ADR 0061): campaigns ended before a cutoff, read through the activity view.

/** Campaigns (any corp) ended before `cutoff` whose decisions still hold a device id. */
export const campaignsToBlank = (db: Db, cutoff: number, limit: number) =>
  db
    .selectFrom('activity as a')
    .select(['a.corp_id', 'a.id'])
    .where('a.ends_at', '<', cutoff)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('risk_decision as d')
          .select('d.id')
          .whereRef('d.corp_id', '=', 'a.corp_id')
          .whereRef('d.act_id', '=', 'a.id')
          .where('d.device_id', 'is not', null),
      ),
    )
    .orderBy('a.corp_id')
    .orderBy('a.id')
    .limit(limit)
    .execute();

/** Blanks a campaign's device ids; how many decisions still had one. */
export async function blankDevices(db: Db, corpId: string, actId: string): Promise<number> {
  const r = await db
    .updateTable('risk_decision')
    .set({ device_id: null })
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('device_id', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Corps with consents older than `cutoff` (candidates: a customer still in a recent campaign keeps theirs). */
export const corpsWithOldConsents = (db: Db, cutoff: number) =>
  db.selectFrom('risk_consent').select('corp_id').distinct().where('decided_at', '<', cutoff).execute();

/**
 * Deletes the corp's consents given before `cutoff` of customers judged in no campaign that ended at or after
 * it (or runs still); how many.
 */
export async function deleteOldConsents(db: Db, corpId: string, cutoff: number): Promise<number> {
  const gone = await db
    .deleteFrom('risk_consent')
    .where('corp_id', '=', corpId)
    .where('decided_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('risk_decision as d')
            .innerJoin('activity as a', (j) => j.onRef('a.corp_id', '=', 'd.corp_id').onRef('a.id', '=', 'd.act_id'))
            .select('d.id')
            .whereRef('d.corp_id', '=', 'risk_consent.corp_id')
            .whereRef('d.user_id', '=', 'risk_consent.user_id')
            .where('a.ends_at', '>=', cutoff),
        ),
      ),
    )
    .returning('user_id')
    .execute();
  return gone.length;
}

/** Counter rows past their window (device keys among them) in the database's own counters (PostgreSQL). */
export async function dropExpiredCounters(db: Db, now: number): Promise<number> {
  const a = await db.deleteFrom('risk_counter').where('expires_at', '<', now).executeTakeFirst();
  const b = await db.deleteFrom('risk_distinct').where('expires_at', '<', now).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows);
}
