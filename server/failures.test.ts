import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from './test/support';

// The database goes away under a running server: errors must stay envelopes without internals.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.db.db.destroy();
});
afterAll(() => t.close());

describe('when the database is unreachable', () => {
  it('health answers 503 unavailable', async () => {
    const res = await t.fetch('/api/health');
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.error.code).toBe('unavailable');
    expect(body.db.status).toBe('error');
  });

  it('a thrown error becomes 500 internal with no stack or driver message', async () => {
    const res = await t.fetch(
      '/api/analytics/events',
      postJson({ events: [{ type: 'page_view', path: '/', hash: '' }] }),
    );
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(text).not.toMatch(/at .+\.(ts|js):\d+/);
    expect(text).not.toMatch(/destroyed|kysely|sqlite|postgres/i);
  });
});
