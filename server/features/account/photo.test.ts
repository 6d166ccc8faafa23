import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...new Array(100).fill(7),
]);
const upload = (cookie: string, body: Uint8Array<ArrayBuffer>, type = 'image/png') =>
  t.fetch('/api/profile/photo', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': type },
    body,
  });

describe(`profile photo (${testDialect})`, () => {
  it('stores a PNG, sets photoURL, and serves it with nosniff from its token URL', async () => {
    const { cookie, id } = await createUser(t);
    const res = await upload(cookie, PNG);
    expect(res.status).toBe(201);
    const { photoURL, metadata } = await res.json();
    expect(photoURL).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?token=[\w-]{32}$/);
    expect(metadata).toMatchObject({
      bucket: 'skillway',
      size: PNG.byteLength,
      contentType: 'image/png',
      metageneration: '1',
      customMetadata: {},
    });
    expect(metadata.fullPath).toMatch(new RegExp(`^users/${id}/profile/[0-9a-f-]{36}\\.png$`));
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
    const me = await (await t.fetch('/api/me', { headers: { Cookie: cookie } })).json();
    expect(me.photoURL).toBe(photoURL);
    const file = await t.fetch(photoURL);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  it('judges the type by its bytes: a GIF called image/png is refused', async () => {
    const { cookie } = await createUser(t);
    const gif = new TextEncoder().encode('GIF89a........');
    const res = await upload(cookie, gif, 'image/png');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('The photo must be a PNG, JPEG or WebP image.');
    const me = await (await t.fetch('/api/me', { headers: { Cookie: cookie } })).json();
    expect(me.photoURL).toBeNull();
  });

  it('accepts exactly 2 MiB and refuses one byte more with 413, storing nothing', async () => {
    const { cookie, id } = await createUser(t);
    const atLimit = new Uint8Array(2 * 1024 * 1024);
    atLimit.set(PNG.subarray(0, 8));
    expect((await upload(cookie, atLimit)).status).toBe(201);
    const over = new Uint8Array(2 * 1024 * 1024 + 1);
    over.set(PNG.subarray(0, 8));
    expect((await upload(cookie, over)).status).toBe(413);
    const count = await t.db.db
      .selectFrom('storage_object')
      .select(t.db.db.fn.countAll().as('n'))
      .where('owner_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('removes the photo: the record shows none, and the uploaded photos are deleted', async () => {
    const { cookie, id } = await createUser(t);
    const { photoURL } = await (await upload(cookie, PNG)).json();
    await upload(cookie, PNG);
    const res = await t.fetch('/api/profile/photo', {
      method: 'DELETE',
      headers: { Cookie: cookie },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ photoURL: null });
    const me = await (await t.fetch('/api/me', { headers: { Cookie: cookie } })).json();
    expect(me.photoURL).toBeNull();
    expect((await t.fetch(photoURL)).status).toBe(404);
    const left = await t.db.db
      .selectFrom('storage_object')
      .select('id')
      .where('owner_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    // Removing when there is none is fine too.
    const again = await t.fetch('/api/profile/photo', {
      method: 'DELETE',
      headers: { Cookie: cookie },
    });
    expect(again.status).toBe(200);
  });

  it('keeps other files when the photo is removed', async () => {
    const { cookie, id } = await createUser(t);
    const doodle = await t.fetch('/api/storage/upload?folder=doodles', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'image/png' },
      body: PNG,
    });
    expect(doodle.status).toBeLessThan(300);
    await upload(cookie, PNG);
    await t.fetch('/api/profile/photo', { method: 'DELETE', headers: { Cookie: cookie } });
    const left = await t.db.db
      .selectFrom('storage_object')
      .select('full_path')
      .where('owner_id', '=', id)
      .execute();
    expect(left.map((r) => r.full_path.split('/')[2])).toEqual(['doodles']);
  });

  it('refuses guests with 401', async () => {
    const res = await t.fetch('/api/profile/photo', {
      method: 'POST',
      headers: { 'Content-Type': 'image/png' },
      body: PNG,
    });
    expect(res.status).toBe(401);
  });

  it('answers a wrong or missing token with 404 object-not-found', async () => {
    const { cookie } = await createUser(t);
    const { photoURL } = await (await upload(cookie, PNG)).json();
    const base = photoURL.split('?')[0];
    for (const url of [
      base,
      `${base}?token=wrong`,
      `${base}?token=`,
      '/api/files/not-an-id?token=x',
    ]) {
      const res = await t.fetch(url);
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toContain('object-not-found');
    }
  });
});
