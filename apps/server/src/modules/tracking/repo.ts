import type { Executor } from '../../db';
import type { PageVisitTable, TrackingEventTable } from '../../db/schema';

export async function insertVisit(db: Executor, row: Omit<PageVisitTable, 'id'>): Promise<void> {
  await db.insertInto('page_visit').values(row).execute();
}

export async function insertEvents(db: Executor, rows: Omit<TrackingEventTable, 'id'>[]): Promise<void> {
  await db.insertInto('tracking_event').values(rows).execute();
}
