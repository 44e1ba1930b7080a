import type { Own } from '../../db/owners';
import type { PageVisitTable, TrackingEventTable } from '../../db/schema';

export async function insertVisit(db: Own<'tracking'>, row: Omit<PageVisitTable, 'id'>): Promise<void> {
  await db.insertInto('page_visit').values(row).execute();
}

export async function insertEvents(db: Own<'tracking'>, rows: Omit<TrackingEventTable, 'id'>[]): Promise<void> {
  await db.insertInto('tracking_event').values(rows).execute();
}
