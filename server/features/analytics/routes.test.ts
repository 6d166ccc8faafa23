import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMIT } from '../../../core/limits';
import { postJson, startTestServer, testDialect, type TestServer } from '../../test/support';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.deleteFrom('analytics_event').execute();
});

const rows = () => t.db.db.selectFrom('analytics_event').selectAll().orderBy('path').execute();

describe(`POST /api/analytics/events (${testDialect})`, () => {
  it('stores a batch of page views and a named event', async () => {
    const res = await t.fetch(
      '/api/analytics/events',
      postJson({
        events: [
          { type: 'page_view', path: '/grammar', hash: '' },
          { type: 'page_view', path: '/vocabulary', hash: '#negotiation' },
          { type: 'event', name: 'conversion', value: 50, currency: 'INR' },
        ],
      }),
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ stored: 3 });
    const stored = await rows();
    expect(stored).toHaveLength(3);
    const conversion = stored.find((r) => r.type === 'event');
    expect(conversion).toMatchObject({
      name: 'conversion',
      value: 50,
      currency: 'INR',
      user_id: null,
    });
    expect(stored.find((r) => r.path === '/vocabulary')).toMatchObject({
      type: 'page_view',
      hash: '#negotiation',
    });
    expect(Date.parse(conversion?.created_at ?? '')).not.toBeNaN();
  });

  it('accepts text/plain JSON, as navigator.sendBeacon sends it', async () => {
    const res = await t.fetch(
      '/api/analytics/events',
      postJson(
        { events: [{ type: 'page_view', path: '/', hash: '' }] },
        'text/plain;charset=UTF-8',
      ),
    );
    expect(res.status).toBe(202);
    expect(await rows()).toHaveLength(1);
  });

  const bad: [string, RequestInit][] = [
    ['an empty batch', postJson({ events: [] })],
    [
      'a path without a leading slash',
      postJson({ events: [{ type: 'page_view', path: 'grammar', hash: '' }] }),
    ],
    ['an unknown event type', postJson({ events: [{ type: 'click', path: '/' }] })],
    [
      'an unknown field',
      postJson({ events: [{ type: 'page_view', path: '/', hash: '', userId: 'x' }] }),
    ],
    ['a badly named event', postJson({ events: [{ type: 'event', name: 'DROP TABLE' }] })],
    [
      'a currency that is not ISO 4217',
      postJson({ events: [{ type: 'event', name: 'conversion', currency: 'rupees' }] }),
    ],
    ['a negative value', postJson({ events: [{ type: 'event', name: 'conversion', value: -1 }] })],
    [
      'more than 50 events',
      postJson({
        events: Array.from({ length: 51 }, () => ({ type: 'page_view', path: '/', hash: '' })),
      }),
    ],
    ['malformed JSON', postJson('{"events": [')],
    ['a form content type', postJson('events=1', 'application/x-www-form-urlencoded')],
    ['a JSON array', postJson([{ type: 'page_view', path: '/' }])],
  ];

  it.each(bad)('rejects %s with 400 and stores nothing', async (_label, init) => {
    const res = await t.fetch('/api/analytics/events', init);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.message.length).toBeGreaterThan(10);
    expect(await rows()).toHaveLength(0);
  });

  it('rejects a body over 16 KiB with 413 and stores nothing', async () => {
    const res = await t.fetch(
      '/api/analytics/events',
      postJson({ events: [{ type: 'page_view', path: `/${'a'.repeat(17 * 1024)}`, hash: '' }] }),
    );
    expect(res.status).toBe(413);
    expect(await rows()).toHaveLength(0);
  });

  it('caps writes per client with 429 resource-exhausted, and other clients are unaffected', async () => {
    const t2 = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const from = (ip: string) =>
        t2.fetch('/api/analytics/events', {
          ...postJson({ events: [{ type: 'page_view', path: '/flood', hash: '' }] }),
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        });
      const statuses: number[] = [];
      for (let i = 0; i < ANALYTICS_LIMIT.max + 5; i++)
        statuses.push((await from('203.0.113.50')).status);
      expect(statuses.slice(0, ANALYTICS_LIMIT.max).every((s) => s === 202)).toBe(true);
      expect(statuses.slice(ANALYTICS_LIMIT.max).every((s) => s === 429)).toBe(true);
      const refused = await from('203.0.113.50');
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.code).toBe('resource-exhausted');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const stored = await t2.db.db
        .selectFrom('analytics_event')
        .select('id')
        .where('path', '=', '/flood')
        .execute();
      expect(stored).toHaveLength(ANALYTICS_LIMIT.max);
      expect((await from('203.0.113.51')).status).toBe(202);
    } finally {
      await t2.close();
    }
  });

  it('counts a guest on IPv6 by the /64, as sign-in does: a new address in it is no new client', async () => {
    const t2 = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const from = (ip: string) =>
        t2.fetch('/api/analytics/events', {
          ...postJson({ events: [{ type: 'page_view', path: '/v6', hash: '' }] }),
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        });
      for (let i = 0; i < ANALYTICS_LIMIT.max; i++)
        expect((await from(`2001:db8:7:9::${(i + 1).toString(16)}`)).status).toBe(202);
      expect((await from('2001:db8:7:9:ffff:1:2:3')).status).toBe(429);
      // Another /64 is another client.
      expect((await from('2001:db8:7:a::1')).status).toBe(202);
    } finally {
      await t2.close();
    }
  });

  it('stores all of a batch or none of it', async () => {
    const res = await t.fetch(
      '/api/analytics/events',
      postJson({
        events: [
          { type: 'page_view', path: '/ok', hash: '' },
          { type: 'page_view', path: 'broken' },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });
});
