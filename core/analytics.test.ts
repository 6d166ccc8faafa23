import { describe, expect, it } from 'vitest';
import { ZAnalyticsBatch } from './analytics';

describe('analytics batch schema', () => {
  it('accepts page views and named events, defaulting the hash', () => {
    const parsed = ZAnalyticsBatch.parse({
      events: [
        { type: 'page_view', path: '/grammar' },
        { type: 'event', name: 'conversion', value: 50, currency: 'INR' },
      ],
    });
    expect(parsed.events[0]).toEqual({ type: 'page_view', path: '/grammar', hash: '' });
  });

  it('rejects __proto__ keys and unknown fields', () => {
    const hostile = JSON.parse(
      '{"events":[{"type":"page_view","path":"/","__proto__":{"admin":true}}]}',
    );
    expect(ZAnalyticsBatch.safeParse(hostile).success).toBe(false);
  });

  it('rejects non-finite values', () => {
    expect(
      ZAnalyticsBatch.safeParse({ events: [{ type: 'event', name: 'x', value: Infinity }] })
        .success,
    ).toBe(false);
  });
});
