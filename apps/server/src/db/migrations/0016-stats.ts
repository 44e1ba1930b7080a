import type { Kysely } from 'kysely';
import { autoId } from '../migration-helpers';

/**
 * Live numbers of a campaign (issue 24, module `stats`, docs/decisions/0360-stats-counters.md):
 * - stats_delta: one small row per counted event, written in the event's own transaction (a draw's in the
 *   draw transaction); append-only, so concurrent draws never wait on each other for it;
 * - stats_total / stats_hour / stats_minute: the roll-ups the dashboard reads, folded from stats_delta
 *   about every half second (a fold deletes the deltas it adds, in one transaction: each counted once,
 *   a late one in the minute and hour it happened);
 * - stats_seen: who was already counted as a unique visitor, logged-in visitor of a campaign.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stats_delta')
    .addColumn('id', autoId(db), (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('prize_id', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('cents', 'bigint', (c) => c.notNull())
    .execute();
  for (const [table, time] of [
    ['stats_total', null],
    ['stats_hour', 'hour'],
    ['stats_minute', 'minute'],
  ] as const) {
    let t = db.schema
      .createTable(table)
      .addColumn('corp_id', 'text', (c) => c.notNull())
      .addColumn('act_id', 'text', (c) => c.notNull());
    if (time) t = t.addColumn(time, 'bigint', (c) => c.notNull());
    await t
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('prize_id', 'text', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addColumn('cents', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [
        'corp_id',
        'act_id',
        ...(time ? [time] : []),
        'channel',
        'metric',
        'prize_id',
      ] as never)
      .execute();
  }
  await db.schema
    .createTable('stats_seen')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('who', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_seen_pk', ['corp_id', 'act_id', 'kind', 'who'])
    .execute();
}
