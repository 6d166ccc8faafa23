import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AUDIO_BYTES } from '../../../core/magic-bytes';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const QUESTION = 'disagreed-with-a-teammate';
const OTHER_QUESTION = 'a-time-you-failed';
/** The start of a WebM file as MediaRecorder writes it: EBML magic, then the `webm` DocType. */
function webm(size = 200): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]);
  bytes.set(new TextEncoder().encode('webm'), 12);
  return bytes;
}
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);

const upload = (
  cookie: string | null,
  question: string,
  body: Uint8Array<ArrayBuffer>,
  query = '?durationMs=4200',
) =>
  t.fetch(`/api/recordings/${question}${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'audio/webm', ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
const list = async (cookie: string, query = '') =>
  (await (await t.fetch(`/api/recordings${query}`, { headers: { Cookie: cookie } })).json())
    .recordings;

describe(`interview recordings (${testDialect})`, () => {
  it('stores a recorded answer, lists it under its question with its date, and serves it back', async () => {
    const { cookie } = await createUser(t);
    const audio = webm();
    const res = await upload(cookie, QUESTION, audio);
    expect(res.status).toBe(201);
    const rec = await res.json();
    expect(rec).toMatchObject({
      interviewId: QUESTION,
      contentType: 'audio/webm',
      size: audio.byteLength,
      durationMs: 4200,
    });
    expect(Date.parse(rec.createdAt)).not.toBeNaN();
    await upload(cookie, OTHER_QUESTION, webm());
    const mine = await list(cookie, `?interview=${QUESTION}`);
    expect(mine).toEqual([rec]);
    expect(await list(cookie)).toHaveLength(2);
    const file = await t.fetch(rec.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/webm');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(audio);
  });

  it('refuses guests, unknown questions, non-audio, empty and oversized files, and bad durations; nothing is stored', async () => {
    const { cookie } = await createUser(t);
    expect((await upload(null, QUESTION, webm())).status).toBe(401);
    const unknown = await upload(cookie, 'no-such-question', webm());
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('not-found');
    const image = await upload(cookie, QUESTION, PNG);
    expect(image.status).toBe(400);
    expect((await image.json()).error.message).toMatch(/WebM, Ogg, WAV or MP4/);
    expect((await upload(cookie, QUESTION, new Uint8Array(0))).status).toBe(400);
    const big = await upload(cookie, QUESTION, webm(MAX_AUDIO_BYTES + 1));
    expect(big.status).toBe(413);
    for (const q of ['?durationMs=-1', '?durationMs=abc', `?durationMs=${60 * 60 * 1000}`]) {
      expect((await upload(cookie, QUESTION, webm(), q)).status).toBe(400);
    }
    expect(await list(cookie)).toEqual([]);
  });

  it('lists and deletes only the owner’s recordings', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const { id } = await (await upload(a.cookie, QUESTION, webm())).json();
    expect(await list(b.cookie)).toEqual([]);
    const del = (cookie: string) =>
      t.fetch(`/api/recordings/${id}`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect((await del(b.cookie)).status).toBe(404);
    expect(await list(a.cookie)).toHaveLength(1);
    expect((await del(a.cookie)).status).toBe(200);
    expect(await list(a.cookie)).toEqual([]);
    expect((await del(a.cookie)).status).toBe(404);
  });
});
