import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientAssets } from './http/static';
import { startTestServer, testDialect, type TestServer } from './test/support';

// A tiny built client: index.html plus one hashed asset with its brotli twin.
const clientDir = mkdtempSync(join(tmpdir(), 'skillway-client-'));
mkdirSync(join(clientDir, 'assets'));
writeFileSync(
  join(clientDir, 'index.html'),
  '<!doctype html><html lang="en"><body><div id="root"></div></body></html>',
);
const js = 'console.log("skillway");'.repeat(100);
writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), js);
writeFileSync(join(clientDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ assets: loadClientAssets(clientDir) });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe(`health (${testDialect})`, () => {
  it('reports the database as ok with its dialect', async () => {
    const res = await t.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: { status: 'ok', dialect: testDialect } });
  });
});

describe('error catalog', () => {
  it('answers unknown API routes with a not-found envelope', async () => {
    const res = await t.fetch('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not-found', message: 'No API route for GET /api/no-such-thing.' },
    });
  });

  it('answers a wrong method on an API path with not-found', async () => {
    const res = await t.fetch('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not-found');
  });

  it('caps API request bodies with a 413 envelope', async () => {
    const res = await t.fetch('/api/content/summary', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(70 * 1024),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('invalid-argument');
  });

  it('caps a chunked body (no Content-Length) as it streams', async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 70 * 1024) return controller.close();
        controller.enqueue(new TextEncoder().encode('x'.repeat(10 * 1024)));
        sent += 10 * 1024;
      },
    });
    const res = await t.fetch('/api/content/summary', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('invalid-argument');
  });

  it('keeps an incoming request id or makes one', async () => {
    const kept = await t.fetch('/api/health', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const made = await t.fetch('/api/health', {
      headers: { 'X-Request-Id': 'bad id with spaces' },
    });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff, frame-ancestors none and a referrer policy', async () => {
    const res = await t.fetch('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('sends HSTS only when the app is served over https', async () => {
    expect((await t.fetch('/')).headers.get('strict-transport-security')).toBeNull();
    const https = await startTestServer({ env: { APP_URL: 'https://skillway.example' } });
    try {
      expect((await https.fetch('/api/health')).headers.get('strict-transport-security')).toContain(
        'max-age=',
      );
    } finally {
      await https.close();
    }
  });
});

describe('serving the SPA', () => {
  it.each([
    '/',
    '/grammar',
    '/grammar/nouns',
    '/grammar/question/1',
    '/grammar/question/30',
    '/interviews/system-design',
    '/activity/edit-your-profile',
    '/activity/skills',
    '/activity/activities',
    '/user/login',
  ])('answers the page %s with 200 and the app', async (path) => {
    const res = await t.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('data-status="404"');
  });

  it.each([
    '/nope',
    '/grammar/not-a-topic',
    '/grammar/question/0',
    '/grammar/question/31',
    '/grammar/question/abc',
    '/interviews/sales',
    '/vocabulary/unknown-set',
    '/prompts/unknown',
    '/insights/unknown',
    '/activity/x/y',
    '/activity/results',
  ])('answers %s with 404 and the app marked as not found (no soft 404)', async (path) => {
    const res = await t.fetch(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<html data-status="404" lang="en">');
  });

  it('serves hashed assets immutable and precompressed', async () => {
    const res = await t.fetch('/assets/index-abc123.js', {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toBe(js); // fetch decodes brotli
  });

  it('answers a matching ETag with 304', async () => {
    const first = await t.fetch('/sw.js');
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await t.fetch('/sw.js', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves /index.html itself (the service worker precaches it)', async () => {
    const res = await t.fetch('/index.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const res = await t.fetch('/assets/missing-123.js');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
  });
});
