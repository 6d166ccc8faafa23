import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITING_CHECK_LIMIT } from '../../../core/limits';
import { WRITING_CHECK_MAX_CHARS, type WritingFinding } from '../../../core/writing/findings';
import { loadCatalog } from '../../content/catalog';
import { dbDigest } from '../../test/digest';
import { topicChecks } from './checker';
import { CHECK_QUEUE_LIMIT, sharedCheckerThread } from './checker-thread';
import { madeUpWords } from './made-up-words';
import { postJson, startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, nextIp } from '../../test/users';

let t: TestServer;
beforeAll(async () => {
  const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  // The checker's thread loads Harper once per process (seconds): load it before the tests.
  await sharedCheckerThread(topicChecks(loadCatalog(contentDir).grammar.topics.values())).warm();
}, 60_000);
afterAll(() => t.close());

/** A check from its own client address (each test its own, so the guest limit is its own). */
function check(body: unknown, opts: { cookie?: string; ip?: string } = {}) {
  const init = postJson(body);
  return t.fetch('/api/writing/check', {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': opts.ip ?? nextIp(),
      ...(opts.cookie ? { Cookie: opts.cookie } : {}),
    },
  });
}

async function findings(text: string, cookie?: string): Promise<WritingFinding[]> {
  const res = await check({ text }, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const body = (await res.json()) as { findings: WritingFinding[] };
  expect(Object.keys(body)).toEqual(['findings']);
  return body.findings;
}

const at = (text: string, fs: WritingFinding[], flagged: string) =>
  fs.find((f) => text.slice(f.start, f.end) === flagged);

describe(`POST /api/writing/check (${testDialect})`, () => {
  it("names the lesson's topic for a mistake a lesson teaches, with the fix", async () => {
    const text = 'We have less bugs this sprint.';
    const fs = await findings(text);
    expect(at(text, fs, 'less')).toEqual({
      start: 8,
      end: 12,
      severity: 'error',
      message: expect.stringContaining('fewer') as string,
      suggestions: ['fewer'],
      topic: 'countable-uncountable-nouns',
      lesson: '/grammar/countable-uncountable-nouns',
    });
  });

  it("includes Harper's findings, with its suggestions, and every finding has the shape", async () => {
    const text = 'I have went to the office and recieved the report.';
    const fs = await findings(text);
    expect(at(text, fs, 'went')).toMatchObject({
      severity: 'error',
      suggestions: ['gone'],
      topic: 'regular-irregular-verbs',
      lesson: '/grammar/regular-irregular-verbs',
    });
    expect(at(text, fs, 'recieved')).toMatchObject({
      severity: 'error',
      topic: null,
      lesson: null,
    });
    expect(at(text, fs, 'recieved')?.suggestions).toContain('received');
    for (const f of fs) {
      expect(Object.keys(f).sort()).toEqual(
        ['end', 'lesson', 'message', 'severity', 'start', 'suggestions', 'topic'].sort(),
      );
      expect(['error', 'suggestion']).toContain(f.severity);
    }
  });

  it('counts offsets in UTF-16 code units, so emoji before a finding do not shift it', async () => {
    const text = '🚀👩‍💻 Great launch! We have less bugs and I have went home.';
    const fs = await findings(text);
    expect(at(text, fs, 'less')?.topic).toBe('countable-uncountable-nouns');
    expect(at(text, fs, 'went')).toBeDefined();
  });

  it('does not flag acronyms, product names, web and email addresses or code', async () => {
    const text =
      'Our KPIs for Q4 cover the B2B API on AWS S3; see GitHub, iOS and PowerPoint notes at https://example.com/q4-okrs or mail ops@example.com, and run `npm ci --omit=dev` first.';
    const fs = await findings(text);
    expect(fs.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it("applies the signed-in learner's personal dictionary, and only theirs", async () => {
    const text = 'Please send the Zyphora deck to Okonkwo before Friday.';
    const guest = await findings(text);
    expect(at(text, guest, 'Zyphora')).toBeDefined();
    const u = await createUser(t);
    const saved = await t.fetch('/api/settings', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: u.cookie, Origin: t.config.appUrl },
      body: JSON.stringify({ dictionary: ['Zyphora', 'Okonkwo'] }),
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { dictionary: string[] }).dictionary).toEqual([
      'Zyphora',
      'Okonkwo',
    ]);
    const mine = await findings(text, u.cookie);
    expect(at(text, mine, 'Zyphora')).toBeUndefined();
    expect(at(text, mine, 'Okonkwo')).toBeUndefined();
    const other = await createUser(t);
    expect(at(text, await findings(text, other.cookie), 'Zyphora')).toBeDefined();
  });

  it('refuses a dictionary past its limits with 400, keeping the one saved', async () => {
    const u = await createUser(t);
    const patch = (dictionary: unknown) =>
      t.fetch('/api/settings', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Cookie: u.cookie, Origin: t.config.appUrl },
        body: JSON.stringify({ dictionary }),
      });
    expect((await patch(['Skillway'])).status).toBe(200);
    for (const bad of [
      Array.from({ length: 501 }, (_, i) => `w${i}`),
      ['x'.repeat(41)],
      [''],
      'Skillway',
    ]) {
      const res = await patch(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'invalid-argument',
      );
    }
    const s = await t.fetch('/api/session', { headers: { Cookie: u.cookie } });
    const session = (await s.json()) as { user: { settings: { dictionary: string[] } } };
    expect(session.user.settings.dictionary).toEqual(['Skillway']);
  });

  it('takes 10,000 characters and refuses more, and bad bodies, with the 400 envelope; stores nothing', async () => {
    const before = await dbDigest(t.db.db);
    const sentence = 'We shipped the release on time. ';
    const longest = sentence
      .repeat(Math.ceil(WRITING_CHECK_MAX_CHARS / sentence.length))
      .slice(0, WRITING_CHECK_MAX_CHARS);
    expect((await check({ text: longest })).status).toBe(200);
    const bad: [string, unknown][] = [
      ['one character too many', { text: `${longest}x` }],
      ['no text', {}],
      ['text not a string', { text: 42 }],
      ['an unknown field', { text: 'Hello.', extra: true }],
      ['text with NUL', { text: 'Hello\u0000.' }],
      ['an array', ['Hello.']],
    ];
    for (const [, body] of bad) {
      const res = await check(body);
      expect(res.status).toBe(400);
      const envelope = (await res.json()) as { error: { code: string; message: string } };
      expect(envelope.error.code).toBe('invalid-argument');
      expect(envelope.error.message).toMatch(/Invalid request/);
    }
    const notJson = await t.fetch('/api/writing/check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
      body: '{"text": ',
    });
    expect(notJson.status).toBe(400);
    expect(await dbDigest(t.db.db)).toBe(before);
  });

  it('answers an empty text with no findings', async () => {
    expect(await findings('')).toEqual([]);
    expect(await findings('   \n')).toEqual([]);
  });

  it('rate-limits guests by address with 429 and Retry-After; another address is unaffected', async () => {
    const ip = nextIp();
    for (let i = 0; i < WRITING_CHECK_LIMIT.guest; i++) {
      expect((await check({ text: 'Fine.' }, { ip })).status).toBe(200);
    }
    const refused = await check({ text: 'Fine.' }, { ip });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'resource-exhausted',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check({ text: 'Fine.' })).status).toBe(200);
  });

  it('answers other requests while a slow check runs', async () => {
    // The checker is loaded before (its first check takes seconds once per process).
    expect(await findings('The checker is ready.')).toEqual([]);
    const text = madeUpWords(Date.now());
    const order: string[] = [];
    const slow = check({ text }).then(async (res) => {
      order.push('slow check');
      return res;
    });
    // Let the slow check reach the server first; then the health check goes out behind it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = t.fetch('/api/health').then((res) => {
      order.push('health');
      return res;
    });
    const [slowRes, healthRes] = await Promise.all([slow, health]);
    expect(healthRes.status).toBe(200);
    expect(slowRes.status).toBe(200);
    const body = (await slowRes.json()) as { findings: WritingFinding[] };
    expect(body.findings.length).toBeGreaterThan(0);
    expect(order).toEqual(['health', 'slow check']);
  });

  it('refuses a check with 429 and Retry-After while the checker is busy, and takes it after', async () => {
    const slow = check({ text: madeUpWords(Date.now() + 1) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The slow check runs; as many again as the queue holds arrive behind it.
    const more = await Promise.all(
      Array.from({ length: CHECK_QUEUE_LIMIT }, (_, i) => check({ text: `We has ${i} bugs.` })),
    );
    const refused = more.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(more.filter((r) => r.status !== 429).every((r) => r.status === 200)).toBe(true);
    for (const res of refused) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({
        code: 'resource-exhausted',
        message: 'The writing checker is busy. Please try again in a moment.',
      });
    }
    expect((await slow).status).toBe(200);
    expect((await check({ text: 'We has bugs.' })).status).toBe(200);
  });

  it('refuses a cross-origin check', async () => {
    const res = await t.fetch('/api/writing/check', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ text: 'Hello.' }),
    });
    expect(res.status).toBe(403);
  });
});
