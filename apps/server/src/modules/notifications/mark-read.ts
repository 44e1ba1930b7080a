import { AppError } from '../../platform/errors';
import type { Mine, NotificationsDeps } from './context';
import * as repo from './repo';

/**
 * Marks one of mine read. Marking it again changes nothing; someone else's (another person's, another
 * corp's) is not found, as one that does not exist: nobody learns what others were told.
 */
export async function markRead({ database, clock }: NotificationsDeps, me: Mine, id: string) {
  const db = database.db;
  if (!(await repo.markRead(db, me, clock(), id)) && !(await repo.exists(db, me, id))) {
    throw new AppError('NOTIFICATION_NOT_FOUND');
  }
  return { unread: await repo.unread(db, me) };
}

/** Marks all of mine read; answers how many this marked (none when another request marked them first). */
export async function markAllRead({ database, clock }: NotificationsDeps, me: Mine) {
  const marked = await repo.markRead(database.db, me, clock());
  return { marked, unread: await repo.unread(database.db, me) };
}
