import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { pruneExpired } from './maintenance';
import { startTestServer, testDialect, type TestServer } from './test/support';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { ANALYTICS_RETENTION_DAYS: '30' } });
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe(`retention (${testDialect})`, () => {
  it('deletes analytics events past ANALYTICS_RETENTION_DAYS and limit counters whose window ended', async () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const event = (id: string, ageDays: number) => ({
      id,
      user_id: null,
      type: 'page_view' as const,
      name: null,
      path: `/${id}`,
      hash: '',
      value: null,
      currency: null,
      created_at: new Date(now - ageDays * DAY).toISOString(),
    });
    await t.db.db
      .insertInto('analytics_event')
      .values([event('old', 31), event('edge', 29), event('new', 0)])
      .execute();
    await t.db.db
      .insertInto('rate_limit_bucket')
      .values([
        { key: 'test:expired', window_start: now - 2 * DAY, count: 3 },
        { key: 'test:live', window_start: now - 60_000, count: 3 },
      ])
      .execute();

    const pruned = await pruneExpired(t.db.db, t.config, now);

    expect(pruned).toEqual({ analyticsEvents: 1, limitCounters: 1 });
    const paths = await t.db.db.selectFrom('analytics_event').select('path').execute();
    expect(paths.map((r) => r.path).sort()).toEqual(['/edge', '/new']);
    const keys = await t.db.db
      .selectFrom('rate_limit_bucket')
      .select('key')
      .where('key', 'like', 'test:%')
      .execute();
    expect(keys.map((r) => r.key)).toEqual(['test:live']);
  });

  it('keeps 13 months of analytics by default, and the setting is checked at start', () => {
    const dataDir = '/tmp/skillway-config-retention';
    expect(loadConfig({ DATA_DIR: dataDir }).analyticsRetentionDays).toBe(395);
    expect(() => loadConfig({ DATA_DIR: dataDir, ANALYTICS_RETENTION_DAYS: '0' })).toThrow(
      /ANALYTICS_RETENTION_DAYS/,
    );
  });
});
