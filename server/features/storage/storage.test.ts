import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';
import type { StorageMetadata } from './service';

const MiB = 1024 * 1024;
// Room for one 10 MiB recording, small enough that a quota test needs only a few uploads.
const QUOTA = 11 * MiB;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    env: { TRUSTED_PROXIES: '127.0.0.1', STORAGE_QUOTA_BYTES: String(QUOTA) },
  });
});
afterAll(() => t.close());

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const HEADS = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  webm: [
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f,
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0xf7,
    0x81,
    0x01,
    0x42,
    0xf2,
    0x81,
    0x04,
    0x42,
    0xf3,
    0x81,
    0x08,
    0x42,
    0x82,
    0x84,
    ...ascii('webm'),
  ],
  ogg: [...ascii('OggS'), 0, 2],
  wav: [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVEfmt ')],
  m4a: [0, 0, 0, 24, ...ascii('ftypM4A '), 0, 0, 0, 0, ...ascii('isomM4A ')],
  gif: ascii('GIF89a'),
  svg: ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};

/** A file of `size` bytes that starts with `head` (the rest is filler the sniffer never reads). */
function file(head: number[], size = 200): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(7);
  bytes.set(head);
  return bytes;
}

type Folder = 'doodles' | 'recordings' | 'profile' | string;

const upload = (
  cookie: string | null,
  folder: Folder,
  body: BodyInit,
  headers: Record<string, string> = {},
) =>
  t.fetch(`/api/storage/upload?folder=${encodeURIComponent(folder)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', ...headers, ...cookieHeader(cookie) },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);

const cookieHeader = (cookie: string | null): Record<string, string> =>
  cookie ? { Cookie: cookie } : {};

async function uploaded(cookie: string, folder: Folder, body: Uint8Array<ArrayBuffer>) {
  const res = await upload(cookie, folder, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as {
    url: string;
    metadata: StorageMetadata;
  };
}

const call = (cookie: string | null, method: string, route: string, path: string) =>
  t.fetch(`/api/storage/${route}?path=${encodeURIComponent(path)}`, {
    method,
    headers: cookieHeader(cookie),
  });

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

async function storedCount(ownerId: string): Promise<number> {
  const row = await t.db.db
    .selectFrom('storage_object')
    .select(t.db.db.fn.countAll().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A body that arrives in chunks with no Content-Length (chunked transfer encoding). */
function chunkedBody(head: number[], size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(256 * 1024, size - sent);
      controller.enqueue(sent === 0 ? file(head, n) : new Uint8Array(n));
      sent += n;
    },
  });
}

describe(`storage (${testDialect})`, () => {
  it('stores a doodle under a server-made path with exactly the spec’s metadata', async () => {
    const { cookie, id } = await createUser(t);
    const png = file(HEADS.png, 500);
    const before = Date.now();
    const res = await upload(cookie, 'doodles', png, { 'Content-Type': 'text/html' });
    expect(res.status).toBe(201);
    const { metadata, url } = await res.json();
    expect(Object.keys(metadata).sort()).toEqual(
      [
        'bucket',
        'cacheControl',
        'contentDisposition',
        'contentEncoding',
        'contentLanguage',
        'contentType',
        'customMetadata',
        'fullPath',
        'generation',
        'md5Hash',
        'metageneration',
        'name',
        'size',
        'timeCreated',
        'updated',
      ].sort(),
    );
    expect(metadata.name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(metadata).toEqual({
      bucket: 'skillway',
      generation: expect.stringMatching(/^\d+$/),
      metageneration: '1',
      fullPath: `users/${id}/doodles/${metadata.name}`,
      name: metadata.name,
      size: 500,
      timeCreated: metadata.updated,
      updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      md5Hash: createHash('md5').update(png).digest('base64'),
      cacheControl: 'private, max-age=3600',
      contentDisposition: `inline; filename="${metadata.name}"`,
      contentEncoding: null,
      contentLanguage: null,
      // Judged by the bytes, whatever the request said.
      contentType: 'image/png',
      customMetadata: {},
    });
    expect(Date.parse(metadata.timeCreated)).toBeGreaterThanOrEqual(before - 1000);
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?token=[\w-]{32}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');

    const meta = await call(cookie, 'GET', 'metadata', metadata.fullPath);
    expect(meta.status).toBe(200);
    expect(await meta.json()).toEqual(metadata);

    const download = await t.fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(`inline; filename="${metadata.name}"`);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);

    const got = await call(cookie, 'GET', 'url', metadata.fullPath);
    expect(await got.json()).toEqual({ url });
  });

  it('accepts exactly 2 MiB for an image and refuses one byte more with 413, storing nothing', async () => {
    const { cookie, id } = await createUser(t);
    const { metadata } = await uploaded(cookie, 'doodles', file(HEADS.png, 2 * MiB));
    expect(metadata.size).toBe(2 * MiB);
    const over = await upload(cookie, 'profile', file(HEADS.jpeg, 2 * MiB + 1));
    expect(over.status).toBe(413);
    expect((await errorOf(over)).code).toBe('invalid-argument');
    expect(await storedCount(id)).toBe(1);
  });

  it('accepts exactly 10 MiB for a recording and refuses one byte more with 413', async () => {
    const { cookie, id } = await createUser(t);
    const { metadata } = await uploaded(cookie, 'recordings', file(HEADS.webm, 10 * MiB));
    expect(metadata.size).toBe(10 * MiB);
    await call(cookie, 'DELETE', 'object', metadata.fullPath);
    expect((await upload(cookie, 'recordings', file(HEADS.webm, 10 * MiB + 1))).status).toBe(413);
    expect(await storedCount(id)).toBe(0);
  });

  it('counts the bytes of a body without Content-Length: over the cap is 413, nothing stored', async () => {
    const { cookie, id } = await createUser(t);
    const over = await upload(cookie, 'doodles', chunkedBody(HEADS.png, 2 * MiB + 1));
    expect(over.status).toBe(413);
    expect(await storedCount(id)).toBe(0);
    const fits = await upload(cookie, 'doodles', chunkedBody(HEADS.png, 2 * MiB));
    expect(fits.status).toBe(201);
    expect((await fits.json()).metadata.size).toBe(2 * MiB);
  });

  it('refuses an honest Content-Length over the cap before reading the body', async () => {
    const { cookie, id } = await createUser(t);
    const res = await t.fetch('/api/storage/upload?folder=doodles', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Length': String(2 * MiB + 1) },
      body: file(HEADS.png, 2 * MiB + 1),
    });
    expect(res.status).toBe(413);
    expect(await storedCount(id)).toBe(0);
  });

  it('a Content-Length smaller than the body: the file is the declared bytes, the rest is refused', async () => {
    const { cookie, id } = await createUser(t);
    const declared = 1000;
    const body = Buffer.from(file(HEADS.png, 2 * MiB + 1));
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    const closed = new Promise<void>((resolve) => {
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
    });
    socket.write(
      `POST /api/storage/upload?folder=doodles HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Cookie: ${cookie}\r\nContent-Type: image/png\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    socket.write(body.subarray(0, declared));
    // Send the rest once the upload is answered: sent together, Node refuses the surplus
    // as a malformed next request and closes before the 201 can be read.
    await expect.poll(() => received, { timeout: 10_000 }).toMatch(/"url":"[^"]+"\}$/);
    socket.end(body.subarray(declared));
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 201 [\s\S]*HTTP\/1\.1 400 /);
    const rows = await t.db.db
      .selectFrom('storage_object')
      .select(['size', 'data'])
      .where('owner_id', '=', id)
      .execute();
    expect(rows.map((r) => [r.size, r.data.byteLength])).toEqual([[declared, declared]]);
  });

  it('judges the type by magic bytes: wrong or empty files are 400 and nothing is stored', async () => {
    const { cookie, id } = await createUser(t);
    const cases: [Folder, Uint8Array<ArrayBuffer>, string][] = [
      ['doodles', file(HEADS.gif), 'image/gif'],
      ['doodles', file(HEADS.svg), 'image/png'],
      ['profile', file(ascii('<!doctype html><script>'), 5000), 'image/jpeg'],
      ['recordings', file(HEADS.png), 'audio/webm'],
      ['recordings', file(ascii('ID3\x04\x00'), 5000), 'audio/mpeg'],
      ['doodles', new Uint8Array(0), 'image/png'],
      ['doodles', new Uint8Array(HEADS.png.slice(0, 5)), 'image/png'],
    ];
    for (const [folder, body, type] of cases) {
      const res = await upload(cookie, folder, body, { 'Content-Type': type });
      expect(res.status, `${folder} ${type}`).toBe(400);
      expect((await errorOf(res)).code).toBe('invalid-argument');
    }
    expect(await storedCount(id)).toBe(0);
  });

  it('takes WebM, Ogg, WAV and M4A recordings, and refuses them as doodles or photos', async () => {
    const { cookie, id } = await createUser(t);
    const expected: [keyof typeof HEADS, string, string, string][] = [
      ['webm', 'audio/webm;codecs=opus', 'audio/webm', 'webm'],
      ['webm', 'video/webm', 'video/webm', 'webm'],
      ['ogg', 'audio/ogg', 'audio/ogg', 'ogg'],
      ['wav', 'audio/wav', 'audio/wav', 'wav'],
      ['m4a', 'audio/mp4', 'audio/mp4', 'm4a'],
    ];
    for (const [head, declared, contentType, ext] of expected) {
      const res = await upload(cookie, 'recordings', file(HEADS[head], 4096), {
        'Content-Type': declared,
      });
      expect(res.status, head).toBe(201);
      const { metadata } = await res.json();
      expect(metadata.contentType).toBe(contentType);
      expect(metadata.fullPath).toMatch(
        new RegExp(`^users/${id}/recordings/[0-9a-f-]{36}\\.${ext}$`),
      );
      for (const folder of ['doodles', 'profile']) {
        expect((await upload(cookie, folder, file(HEADS[head], 4096))).status).toBe(400);
      }
    }
    expect(await storedCount(id)).toBe(expected.length);
  });

  it('keeps client paths out: folder and path tricks are 400, another user’s path is 403', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const { metadata, url } = await uploaded(alice.cookie, 'doodles', file(HEADS.png));
    const alicePath = metadata.fullPath;
    const name = alicePath.split('/').pop() ?? '';

    for (const folder of ['../profile', 'doodles/../../x', '/etc', 'Doodles', '', 'doodles%00']) {
      const res = await upload(bob.cookie, folder, file(HEADS.png));
      expect(res.status, folder).toBe(400);
    }
    expect(
      (
        await t.fetch('/api/storage/upload', {
          method: 'POST',
          headers: { Cookie: bob.cookie },
          body: file(HEADS.png),
        })
      ).status,
    ).toBe(400);

    const tricks = [
      `users/${bob.id}/doodles/../../${alice.id}/doodles/${name}`,
      `users/${bob.id}/../${alice.id}/doodles/${name}`,
      `/${alicePath}`,
      `/users/${bob.id}/doodles/${name}`,
      `users\\${alice.id}\\doodles\\${name}`,
      `users/${bob.id}/doodles/${name}\0`,
      `users/${bob.id}/doodles/%2e%2e/${name}`,
      `../${alicePath}`,
      '',
    ];
    for (const path of tricks) {
      for (const [method, route] of [
        ['GET', 'metadata'],
        ['GET', 'url'],
        ['DELETE', 'object'],
      ] as const) {
        const res = await call(bob.cookie, method, route, path);
        expect(res.status, `${method} ${route} ${path}`).toBe(400);
      }
    }

    for (const [method, route] of [
      ['GET', 'metadata'],
      ['GET', 'url'],
      ['POST', 'url'],
      ['POST', 'revoke'],
      ['DELETE', 'object'],
    ] as const) {
      const res = await call(bob.cookie, method, route, alicePath);
      expect(res.status, `${method} ${route}`).toBe(403);
      const error = await errorOf(res);
      expect(error.code).toBe('permission-denied');
      expect(error.message).toMatch(/^unauthorized: /);
    }
    // Bob's own folder with Alice's file name: no such object of his.
    const guess = await call(bob.cookie, 'GET', 'metadata', `users/${bob.id}/doodles/${name}`);
    expect(guess.status).toBe(404);
    expect((await errorOf(guess)).message).toMatch(/^object-not-found: /);

    // Alice's file and link are untouched.
    expect((await t.fetch(url)).status).toBe(200);
    expect(await (await call(alice.cookie, 'GET', 'metadata', alicePath)).json()).toEqual(metadata);
    expect(await storedCount(alice.id)).toBe(1);
  });

  it('another user’s file cannot be read without its token URL', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    const { url } = await uploaded(alice.cookie, 'profile', file(HEADS.jpeg));
    const [base] = url.split('?');
    for (const u of [base ?? '', `${base}?token=`, `${base}?token=${'x'.repeat(32)}`]) {
      const res = await t.fetch(u, { headers: { Cookie: bob.cookie } });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toMatch(/^object-not-found: /);
    }
  });

  it('refuses an upload past the quota with 402 and stores nothing; exactly full is fine', async () => {
    const { cookie, id } = await createUser(t);
    for (let i = 0; i < 5; i++) await uploaded(cookie, 'doodles', file(HEADS.png, 2 * MiB));
    await uploaded(cookie, 'doodles', file(HEADS.png, QUOTA - 10 * MiB));
    const res = await upload(cookie, 'doodles', file(HEADS.png, 8));
    expect(res.status).toBe(402);
    const error = await errorOf(res);
    expect(error.code).toBe('quota-exceeded');
    expect(error.message).toMatch(/^quota-exceeded: /);
    expect(await storedCount(id)).toBe(6);
  });

  it('holds the quota when uploads race: exactly as many fit as the quota allows', async () => {
    const { cookie, id } = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => upload(cookie, 'doodles', file(HEADS.png, 2 * MiB))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 402, 402, 402]);
    expect(await storedCount(id)).toBe(5);
  });

  it('delete removes the file and its link and frees the quota', async () => {
    const { cookie, id } = await createUser(t);
    const big = await uploaded(cookie, 'recordings', file(HEADS.ogg, 10 * MiB));
    expect((await upload(cookie, 'doodles', file(HEADS.png, MiB + 1))).status).toBe(402);

    const del = await call(cookie, 'DELETE', 'object', big.metadata.fullPath);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ deleted: true });
    expect((await t.fetch(big.url)).status).toBe(404);
    const meta = await call(cookie, 'GET', 'metadata', big.metadata.fullPath);
    expect(meta.status).toBe(404);
    expect((await errorOf(meta)).message).toMatch(/^object-not-found: /);
    expect((await call(cookie, 'DELETE', 'object', big.metadata.fullPath)).status).toBe(404);
    expect(await storedCount(id)).toBe(0);

    expect((await upload(cookie, 'doodles', file(HEADS.png, 2 * MiB))).status).toBe(201);
  });

  it('revoke kills the old URL; no-download-url until a new one is made, which works', async () => {
    const { cookie } = await createUser(t);
    const png = file(HEADS.png, 300);
    const { metadata, url: oldUrl } = await uploaded(cookie, 'doodles', png);
    const path = metadata.fullPath;

    const revoked = await call(cookie, 'POST', 'revoke', path);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ revoked: true });
    expect((await t.fetch(oldUrl)).status).toBe(404);
    // Revoking twice is harmless.
    expect((await call(cookie, 'POST', 'revoke', path)).status).toBe(200);

    const none = await call(cookie, 'GET', 'url', path);
    expect(none.status).toBe(404);
    const error = await errorOf(none);
    expect(error.code).toBe('not-found');
    expect(error.message).toMatch(/^no-download-url: /);

    const made = await call(cookie, 'POST', 'url', path);
    expect(made.status).toBe(200);
    const { url: newUrl } = await made.json();
    expect(newUrl).not.toBe(oldUrl);
    expect(newUrl.split('?')[0]).toBe(oldUrl.split('?')[0]);
    const download = await t.fetch(newUrl);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);
    expect((await t.fetch(oldUrl)).status).toBe(404);
    // Asking again hands out the same link rather than revoking the one just made.
    expect(await (await call(cookie, 'POST', 'url', path)).json()).toEqual({ url: newUrl });
    expect(await (await call(cookie, 'GET', 'url', path)).json()).toEqual({ url: newUrl });

    const after = await (await call(cookie, 'GET', 'metadata', path)).json();
    expect(after.metageneration).toBe('3');
    expect(after.generation).toBe(metadata.generation);
    expect(after.timeCreated).toBe(metadata.timeCreated);
    expect(Date.parse(after.updated)).toBeGreaterThanOrEqual(Date.parse(metadata.updated));
  });

  it('answers guests with 401 on every storage route, whatever the query', async () => {
    const routes: [string, string][] = [
      ['POST', '/api/storage/upload?folder=doodles'],
      ['POST', '/api/storage/upload?folder=../x'],
      ['GET', '/api/storage/metadata?path=users/x/doodles/y.png'],
      ['GET', '/api/storage/metadata'],
      ['GET', '/api/storage/url?path=users/x/doodles/y.png'],
      ['POST', '/api/storage/url'],
      ['POST', '/api/storage/revoke?path=../../etc/passwd'],
      ['DELETE', '/api/storage/object?path=users/x/doodles/y.png'],
    ];
    for (const [method, path] of routes) {
      const res = await t.fetch(path, {
        method,
        ...(method === 'POST' ? { body: file(HEADS.png) } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await errorOf(res)).code).toBe('unauthenticated');
    }
  });

  it('reads STORAGE_QUOTA_BYTES: 50 MiB by default, a bad value is named', () => {
    const base = { NODE_ENV: 'test', BETTER_AUTH_SECRET: 's'.repeat(32) };
    expect(loadConfig(base).storageQuotaBytes).toBe(52_428_800);
    expect(loadConfig({ ...base, STORAGE_QUOTA_BYTES: '1000' }).storageQuotaBytes).toBe(1000);
    expect(() => loadConfig({ ...base, STORAGE_QUOTA_BYTES: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE_QUOTA_BYTES: '-1' })).toThrow(/STORAGE_QUOTA_BYTES/);
  });
});
