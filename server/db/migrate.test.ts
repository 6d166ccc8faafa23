import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../test/support';
import { migrateToLatest } from './migrate';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe(`migrations (${testDialect})`, () => {
  it('are applied once; running them again changes nothing', async () => {
    expect(await migrateToLatest(t.db.db, t.db.dialect)).toEqual([]);
    const applied = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(t.db.db);
    expect(applied.rows.map((r) => r.name)).toEqual([
      '0001-foundation',
      '0002-accounts',
      '0003-grammar',
      '0004-items',
      '0005-billing',
      '0006-skills',
      '0007-review',
      '0008-sync',
      '0009-quiz-questions',
      '0010-points-by-tag',
      '0011-teams',
      '0012-assignments',
      '0013-retention',
      '0014-points-by-day',
      '0015-word-study',
      '0016-review-typed',
      '0018-team-join-links',
      '0019-running-aggregates',
      '0020-reminders',
      '0021-team-buckets',
    ]);
  });

  it('create the analytics table', async () => {
    await t.db.db
      .insertInto('analytics_event')
      .values({
        id: 'a',
        user_id: null,
        type: 'page_view',
        name: null,
        path: '/',
        hash: '',
        value: null,
        currency: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const row = await t.db.db.selectFrom('analytics_event').selectAll().executeTakeFirstOrThrow();
    expect(row.path).toBe('/');
  });
});
