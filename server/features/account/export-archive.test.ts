import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRubricEntry, rubricLines } from '../../../core/items/rubric';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());
const call = jsonCall(() => t);

/** A WebM start (EBML magic, the `webm` DocType), then `marker` so each file is recognizable. */
function webm(marker: string, size = 4096): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]);
  bytes.set(new TextEncoder().encode('webm'), 12);
  bytes.set(new TextEncoder().encode(marker), 64);
  return bytes;
}
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 9, 9, 9]);

const upload = (cookie: string, path: string, type: string, body: Uint8Array<ArrayBuffer>) =>
  t.fetch(path, { method: 'POST', headers: { 'Content-Type': type, Cookie: cookie }, body });

const QUESTION = 'disagreed-with-a-teammate';
const PROMPT = 'decline-a-meeting-politely';

describe(`the data export as a ZIP (${testDialect})`, () => {
  it('holds a readable README, the same JSON as the JSON export and only the learner’s own files', async () => {
    const a = await createUser(t, { name: 'Ana Lima' });
    const b = await createUser(t, { name: 'Ben Okafor' });

    const prompt = (await (await t.fetch(`/api/content/prompts/${PROMPT}`)).json()) as {
      title: string;
      tips: string[];
      outline: string[];
    };
    const lines = rubricLines(prompt);
    const draft = 'Thank you for the invitation to the weekly sync. I will read the notes instead.';
    const patched = await call(a.cookie, 'PATCH', `/api/items/prompt/${PROMPT}`, {
      entries: [
        { type: 'response', text: draft, updatedAt: new Date().toISOString() },
        makeRubricEntry([lines[0]!], lines),
      ],
    });
    expect(patched.status).toBe(200);
    const insight = (await (await t.fetch('/api/content/insights/base-rates')).json()) as {
      title: string;
      steps: string[];
    };
    const applied = await call(a.cookie, 'PATCH', '/api/items/insight/base-rates', {
      entries: [
        {
          type: 'application',
          decision: 'Whether to add a second analyst',
          steps: ['Most teams of our size have two.'],
          reflection: '',
          updatedAt: new Date().toISOString(),
        },
      ],
    });
    expect(applied.status).toBe(200);

    expect((await upload(a.cookie, '/api/doodles/batna', 'image/png', PNG)).status).toBe(201);
    const mine = webm('recording of Ana');
    expect(
      (await upload(a.cookie, `/api/recordings/${QUESTION}?durationMs=4200`, 'audio/webm', mine))
        .status,
    ).toBe(201);
    const theirs = webm('recording of Ben');
    expect(
      (await upload(b.cookie, `/api/recordings/${QUESTION}?durationMs=3100`, 'audio/webm', theirs))
        .status,
    ).toBe(201);

    const res = await t.fetch('/api/me/export.zip', { headers: { Cookie: a.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="skillway-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(zip).sort();
    expect(names).toEqual([
      'README.md',
      'data.json',
      expect.stringMatching(/^files\/doodles\/batna-\d{4}-\d{2}-\d{2}-\d{4}\.png$/),
      expect.stringMatching(
        /^files\/recordings\/tell-me-about-a-time-you-disagreed-[a-z-]*-\d{4}-\d{2}-\d{2}-\d{4}\.webm$/,
      ),
    ]);

    // The files are the bytes uploaded; the other learner's recording is not among them.
    const recording = names.find((n) => n.startsWith('files/recordings/'))!;
    expect(zip[recording]).toEqual(mine);
    expect(zip[names.find((n) => n.startsWith('files/doodles/'))!]).toEqual(PNG);
    const everything = Buffer.concat(Object.values(zip));
    expect(everything.includes(Buffer.from('recording of Ben'))).toBe(false);

    // data.json is the JSON export.
    const json = JSON.parse(strFromU8(zip['data.json']!)) as Record<string, unknown>;
    const direct = (await (
      await t.fetch('/api/me/export', { headers: { Cookie: a.cookie } })
    ).json()) as Record<string, unknown>;
    expect({ ...json, exportedAt: '' }).toEqual({ ...direct, exportedAt: '' });
    expect(json.user).toMatchObject({ uid: a.id, email: a.email });
    expect(JSON.stringify(json)).not.toContain(b.id);

    // The README reads as a summary: who, the draft under the prompt's title, its rubric,
    // what each file is.
    const readme = strFromU8(zip['README.md']!);
    expect(readme).toMatch(/^# Your Skillway data\n\nExported on \d{4}-\d{2}-\d{2} for Ana Lima/);
    expect(readme).toContain(`- Email: ${a.email}`);
    expect(readme).toContain(`#### ${prompt.title}\n\n##### My draft\n\n${draft}`);
    expect(readme).toContain(`##### Rubric: 1 of ${lines.length}`);
    expect(readme).toContain(`- [x] ${lines[0]}`);
    expect(readme).toMatch(/`files\/doodles\/batna-[\d-]+\.png`: your drawing of “BATNA”/);
    expect(readme).toContain('your answer to “Tell me about a time you disagreed');
    expect(readme).toContain(
      `#### ${insight.title}\n\n##### My decision\n\nWhether to add a second analyst\n\n##### Step 1: ${insight.steps[0]}\n\nMost teams of our size have two.`,
    );
    expect(readme).toContain('## Teams\n\n_Not in a team._');
    expect(readme).not.toContain('Ben Okafor');
  });

  it('is only for a signed-in learner', async () => {
    const res = await t.fetch('/api/me/export.zip');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it('streams many recordings without holding the archive: every one arrives whole', async () => {
    const { cookie } = await createUser(t);
    const sizes = [900_000, 1_400_000, 700_000];
    for (const [i, size] of sizes.entries())
      expect(
        (
          await upload(
            cookie,
            `/api/recordings/${QUESTION}?durationMs=${1000 + i}`,
            'audio/webm',
            webm(`take ${i}`, size),
          )
        ).status,
      ).toBe(201);
    const res = await t.fetch('/api/me/export.zip', { headers: { Cookie: cookie } });
    // Sent in pieces as it is made, not as one buffer with a length.
    expect(res.headers.get('content-length')).toBeNull();
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const recordings = Object.keys(zip).filter((n) => n.startsWith('files/recordings/'));
    expect(recordings.map((n) => zip[n]!.byteLength).sort()).toEqual([...sizes].sort());
    // Same question, same minute: the names stay apart.
    expect(new Set(recordings).size).toBe(3);
  });
});
