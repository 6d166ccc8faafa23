import { Migrator, type Migration } from 'kysely';
import type { Db, Dialect } from './client';
import * as m0001 from './migrations/0001-foundation';
import { accountsMigration } from './migrations/0002-accounts';
import * as m0003 from './migrations/0003-grammar';
import * as m0004 from './migrations/0004-items';
import * as m0005 from './migrations/0005-billing';
import * as m0006 from './migrations/0006-skills';
import * as m0007 from './migrations/0007-review';
import * as m0008 from './migrations/0008-sync';
import * as m0009 from './migrations/0009-quiz-questions';
import * as m0010 from './migrations/0010-points-by-tag';
import { teamsMigration } from './migrations/0011-teams';
import * as m0012 from './migrations/0012-assignments';
import * as m0013 from './migrations/0013-retention';
import * as m0014 from './migrations/0014-points-by-day';
import * as m0015 from './migrations/0015-word-study';
import * as m0016 from './migrations/0016-review-typed';
import * as m0018 from './migrations/0018-team-join-links';
import { runningAggregatesMigration } from './migrations/0019-running-aggregates';
import * as m0020 from './migrations/0020-reminders';
import { teamBucketsMigration } from './migrations/0021-team-buckets';

// A static map rather than a folder scan, so the bundled server carries its migrations.
// A few column types differ by dialect (boolean, timestamp, blob), hence the factory.
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-foundation': m0001,
    '0002-accounts': accountsMigration(dialect),
    '0003-grammar': m0003,
    '0004-items': m0004,
    '0005-billing': m0005,
    '0006-skills': m0006,
    '0007-review': m0007,
    '0008-sync': m0008,
    '0009-quiz-questions': m0009,
    '0010-points-by-tag': m0010,
    '0011-teams': teamsMigration(dialect),
    '0012-assignments': m0012,
    '0013-retention': m0013,
    '0014-points-by-day': m0014,
    '0015-word-study': m0015,
    '0016-review-typed': m0016,
    '0018-team-join-links': m0018,
    '0019-running-aggregates': runningAggregatesMigration(dialect),
    '0020-reminders': m0020,
    '0021-team-buckets': teamBucketsMigration(dialect),
  };
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  const all = migrations(dialect);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => all } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
