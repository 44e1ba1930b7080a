import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001-platform';
import * as m0002 from './migrations/0002-draw';
import * as m0003 from './migrations/0003-identity-link';
import * as m0004 from './migrations/0004-prizes-reach-the-customer';
import * as m0005 from './migrations/0005-rate-limit';
import * as m0006 from './migrations/0006-growth';
import * as m0007 from './migrations/0007-season';
import * as m0008 from './migrations/0008-stores';
import * as m0009 from './migrations/0009-staff-and-approvals';
import * as m0010 from './migrations/0010-order-payments';
import * as m0011 from './migrations/0011-stock-buckets';
import * as m0012 from './migrations/0012-console';
import * as m0013 from './migrations/0013-customer-journey';
import * as m0014 from './migrations/0014-campaigns';
import * as m0015 from './migrations/0015-campaign-lab';
import * as m0016 from './migrations/0016-stats';
import * as m0017 from './migrations/0017-live-reports';
import * as m0018 from './migrations/0018-white-list-mobile';
import * as m0019 from './migrations/0019-audit-subject';
import * as m0020 from './migrations/0020-console-sign-in-throttle';
import * as m0021 from './migrations/0021-list-staging';
import * as m0022 from './migrations/0022-audit-append-only';
import * as m0023 from './migrations/0023-award-line';
import * as m0024 from './migrations/0024-notifications';
import * as m0026 from './migrations/0026-store-master-data';
import * as m0027 from './migrations/0027-coupon-code-pool';
import * as m0028 from './migrations/0028-risk';
import * as m0029 from './migrations/0029-risk-reversal';
import * as m0030 from './migrations/0030-risk-replay-jobs';
import * as m0031 from './migrations/0031-risk-fail-policy';
import * as m0032 from './migrations/0032-prize-release';

/** Migrations in order; later issues append here. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': m0001,
  '0002-draw': m0002,
  '0003-identity-link': m0003,
  '0004-prizes-reach-the-customer': m0004,
  '0005-rate-limit': m0005,
  '0006-growth': m0006,
  '0007-season': m0007,
  '0008-stores': m0008,
  '0009-staff-and-approvals': m0009,
  '0010-order-payments': m0010,
  '0011-stock-buckets': m0011,
  '0012-console': m0012,
  '0013-customer-journey': m0013,
  '0014-campaigns': m0014,
  '0015-campaign-lab': m0015,
  '0016-stats': m0016,
  '0017-live-reports': m0017,
  '0018-white-list-mobile': m0018,
  '0019-audit-subject': m0019,
  '0020-console-sign-in-throttle': m0020,
  '0021-list-staging': m0021,
  '0022-audit-append-only': m0022,
  '0023-award-line': m0023,
  '0024-notifications': m0024,
  '0026-store-master-data': m0026,
  '0027-coupon-code-pool': m0027,
  '0028-risk': m0028,
  '0029-risk-reversal': m0029,
  '0031-risk-fail-policy': m0031,
  '0032-prize-release': m0032,
  '0030-risk-replay-jobs': m0030,
};

class InCodeProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function migrateToLatest(db: Kysely<any>, opts: { schema?: string } = {}): Promise<string[]> {
  // On PostgreSQL the bookkeeping tables live in the schema we migrate (tests run one schema each).
  const migrator = new Migrator({
    db,
    provider: new InCodeProvider(),
    ...(opts.schema ? { migrationTableSchema: opts.schema } : {}),
  });
  // Kysely's migrator first lists every table of every schema (has_schema_privilege, pg_attribute): a schema
  // dropped at that moment (another test suite's, beside this one) fails the listing (3F000, 42703, 42P01…)
  // before anything is migrated, and then no migration result is returned. Look again, a moment later; a
  // migration that failed comes back with its results and is an error at once.
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    const err = error instanceof Error ? error : new Error(String(error));
    const beforeMigrating = results === undefined && !(opts.schema && err.message.includes(opts.schema));
    if (!beforeMigrating || attempt >= 5) throw err;
    await new Promise((r) => setTimeout(r, 50 * attempt));
  }
}
