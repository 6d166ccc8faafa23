import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const upload = (cookie: string | null, word: string, body: Uint8Array<ArrayBuffer>) =>
  t.fetch(`/api/doodles/${word}`, {
    method: 'POST',
    headers: { 'Content-Type': 'image/png', ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
const gallery = async (cookie: string) =>
  (await (await t.fetch('/api/doodles', { headers: { Cookie: cookie } })).json()).doodles;

describe(`doodles (${testDialect})`, () => {
  it('stores a PNG, marks the word doodled once, and lists it in the gallery with a working URL', async () => {
    const { cookie } = await createUser(t);
    const res = await upload(cookie, 'batna', PNG);
    expect(res.status).toBe(201);
    const doodle = await res.json();
    expect(doodle).toMatchObject({ wordId: 'batna' });
    await upload(cookie, 'batna', PNG);
    const lists = await (await t.fetch('/api/items/word', { headers: { Cookie: cookie } })).json();
    expect(lists.doodled).toEqual(['batna']);
    const mine = await gallery(cookie);
    expect(mine).toHaveLength(2);
    expect(mine.map((d: { wordId: string }) => d.wordId)).toEqual(['batna', 'batna']);
    const file = await t.fetch(doodle.url);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  it('does nothing for an unknown word (404) or a non-PNG (400), and refuses guests', async () => {
    const { cookie } = await createUser(t);
    expect((await upload(cookie, 'no-such-word', PNG)).status).toBe(404);
    expect((await upload(cookie, 'batna', JPEG)).status).toBe(400);
    expect((await upload(null, 'batna', PNG)).status).toBe(401);
    expect(await gallery(cookie)).toEqual([]);
    const lists = await (await t.fetch('/api/items/word', { headers: { Cookie: cookie } })).json();
    expect(lists.doodled).toEqual([]);
  });

  it('deletes only the owner’s doodles', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const { id } = await (await upload(a.cookie, 'concession', PNG)).json();
    expect(
      (await t.fetch(`/api/doodles/${id}`, { method: 'DELETE', headers: { Cookie: b.cookie } }))
        .status,
    ).toBe(404);
    expect(await gallery(a.cookie)).toHaveLength(1);
    expect(
      (await t.fetch(`/api/doodles/${id}`, { method: 'DELETE', headers: { Cookie: a.cookie } }))
        .status,
    ).toBe(200);
    expect(await gallery(a.cookie)).toEqual([]);
  });
});
