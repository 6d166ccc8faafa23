import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKILL_BASELINE } from '../core/constants';
import { loadCatalog } from './content/catalog';
import { unsubscribeToken } from './features/reminders/service';
import type { Db } from './db/client';
import type { Database } from './db/schema';
import { apiRouteKeys, startTestServer, testDialect, type TestServer } from './test/support';
import { clearTeamLimits, createUser } from './test/users';

/**
 * The authorization matrix: every /api route (Better Auth's /api/auth/* aside) × method ×
 * actor, with the status each must get. A route of the app missing here, or named here but
 * gone from the app, fails the first test. Every refused call (4xx) must leave the
 * database digest (below) exactly as it was.
 */

/** Tables no refusal is judged by: per-address auth counters (ours and Better Auth's). */
const DIGEST_SKIPS_TABLES = new Set(['rate_limit_bucket', 'rateLimit']);
/** Columns that change on reads: a session's sliding expiry and its refresh time. */
const DIGEST_SKIPS_COLUMNS: Record<string, readonly string[]> = {
  session: ['expiresAt', 'updatedAt'],
};

/** A cell in a stable JSON form: bytes as hex, dates as ISO strings, object keys sorted. */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('hex') };
  if (value instanceof Date) return { date: value.toISOString() };
  if (typeof value === 'bigint') return { bigint: value.toString() };
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/**
 * sha256 of every table of the database (found by introspection, so a new table is
 * covered without touching this file) but those above and `exclude`: each table's rows as
 * canonical JSON, sorted, so the digest does not depend on the order rows come back in.
 */
async function dbDigest(db: Db, exclude: readonly (keyof Database)[] = []): Promise<string> {
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !DIGEST_SKIPS_TABLES.has(name) && !exclude.includes(name as keyof Database))
    .sort();
  const hash = createHash('sha256');
  for (const table of tables) {
    const skip = DIGEST_SKIPS_COLUMNS[table] ?? [];
    const rows = await loose.selectFrom(table).selectAll().execute();
    const lines = rows
      .map((row) =>
        JSON.stringify(
          canonical(Object.fromEntries(Object.entries(row).filter(([k]) => !skip.includes(k)))),
        ),
      )
      .sort();
    hash.update(`${table}\u0000${rows.length}\u0000${lines.join('\n')}\u0000`);
  }
  return hash.digest('hex');
}

const contentDir = join(import.meta.dirname, '..', 'content');
const catalog = loadCatalog(contentDir);

function pick<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`content/ has no ${what}`);
  return value;
}
const FREE_PROMPT = pick(
  catalog.prompts.find((p) => !p.premium),
  'free prompt',
).id;
const PREMIUM_PROMPT = pick(
  catalog.prompts.find((p) => p.premium),
  'premium prompt',
).id;
const FREE_INSIGHT = pick(
  catalog.insights.find((p) => !p.premium),
  'free insight',
).id;
const PREMIUM_INSIGHT = pick(
  catalog.insights.find((p) => p.premium),
  'premium insight',
).id;
const FREE_ACTIVITY = pick(
  catalog.activities.find((p) => !p.premium),
  'free activity',
).id;
const PREMIUM_ACTIVITY = pick(
  catalog.activities.find((p) => p.premium),
  'premium activity',
).id;
const questions = [...catalog.interviews.questions.values()];
const FREE_QUESTION = pick(
  questions.find((q) => !q.premium),
  'free interview question',
);
const PREMIUM_QUESTION = pick(
  questions.find((q) => q.premium),
  'premium interview question',
);
const WORD_SET = pick(catalog.vocabulary.sets[0], 'word set').id;
const WORDS = [...catalog.vocabulary.words.keys()];
if (WORDS.length < 10) throw new Error('content/ has too few words for the matrix');
const word = (i: number) => WORDS[i] as string;
const TOPIC = pick([...catalog.grammar.topics.values()][0], 'grammar topic');
const QUESTION = pick(TOPIC.questions[0], 'grammar question');
const SKILL = pick(catalog.skills?.skills[0], 'skill').id;

const ACTORS = ['guest', 'a', 'b', 'unverified', 'free', 'premium'] as const;
type Actor = (typeof ACTORS)[number];
/** The signed-in actors who own things. */
type Owner = Exclude<Actor, 'guest' | 'b'>;
/** Whose resource a request names: guests and B aim at A's, everyone else at their own. */
const ownerOf = (actor: Actor): Owner => (actor === 'guest' || actor === 'b' ? 'a' : actor);
/** Guests and B act on A's resources, so destructive calls of theirs get A's shared one. */
const intruder = (actor: Actor) => actor === 'guest' || actor === 'b';

type Expect = Record<Actor, number>;
const all = (status: number): Expect => ({
  guest: status,
  a: status,
  b: status,
  unverified: status,
  free: status,
  premium: status,
});
/** Any signed-in user (verified or not); guests 401. */
const signedIn = (status: number): Expect => ({ ...all(status), guest: 401 });
/** Only the owner: B, acting on A's resource, gets `other`. */
const ownerOnly = (status: number, other: number): Expect => ({
  ...signedIn(status),
  b: other,
});
/** Premium items: guests 401, free (verified or not) 403, premium `status`. */
const premiumOnly = (status: number): Expect => ({
  ...all(403),
  guest: 401,
  premium: status,
});

interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
  bytes?: Uint8Array<ArrayBuffer>;
  type?: string;
  headers?: Record<string, string>;
}
interface Case {
  /** What sets this case apart from the route's others. */
  label?: string;
  expect: Expect;
  request: (actor: Actor) => Req | Promise<Req>;
  /** Tables this case may write even when it refuses. */
  digestExcludes?: (keyof Database)[];
}

const PNG = new Uint8Array(200).fill(7);
PNG.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const WEBM = new Uint8Array(200);
WEBM.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]);
WEBM.set(new TextEncoder().encode('webm'), 12);

let t: TestServer;
const users = {} as Record<Exclude<Actor, 'guest'>, { cookie: string; email: string; id: string }>;

async function send(actor: Actor, req: Req): Promise<Response> {
  return sendAs(actor === 'guest' ? null : users[actor].cookie, req);
}

async function sendAs(cookie: string | null, req: Req): Promise<Response> {
  const headers: Record<string, string> = { ...req.headers };
  if (cookie) headers.Cookie = cookie;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (req.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.bytes) {
    headers['Content-Type'] = req.type ?? 'application/octet-stream';
    body = req.bytes;
  }
  return t.fetch(req.path, { method: req.method, headers, body, redirect: 'manual' });
}

/** A call the setup relies on: it must succeed. */
async function must<T>(actor: Owner, req: Req): Promise<T> {
  const res = await send(actor, req);
  const text = await res.text();
  if (res.status >= 300) throw new Error(`setup ${req.method} ${req.path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

// The owners' resources: fresh ones for calls that use them up, shared ones otherwise.
const fresh = {
  doodle: (owner: Owner) =>
    must<{ id: string; url: string }>(owner, {
      method: 'POST',
      path: `/api/doodles/${word(2)}`,
      bytes: PNG,
      type: 'image/png',
    }),
  recording: (owner: Owner) =>
    must<{ id: string }>(owner, {
      method: 'POST',
      path: `/api/recordings/${FREE_QUESTION.id}?durationMs=1500`,
      bytes: WEBM,
      type: 'audio/webm',
    }),
  object: async (owner: Owner) => {
    const up = await must<{ metadata: { fullPath: string }; url: string }>(owner, {
      method: 'POST',
      path: '/api/storage/upload?folder=doodles',
      bytes: PNG,
      type: 'image/png',
    });
    return { path: up.metadata.fullPath, url: up.url };
  },
};
/** One review card per owner, each for a word nobody else completes. */
const CARD_WORD: Record<Owner, string> = {
  a: word(5),
  unverified: word(6),
  free: word(7),
  premium: word(8),
};
const memo = new Map<string, Promise<unknown>>();
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as Promise<T>;
}
const shared = {
  doodle: (owner: Owner) => once(`doodle:${owner}`, () => fresh.doodle(owner)),
  recording: (owner: Owner) => once(`recording:${owner}`, () => fresh.recording(owner)),
  object: (owner: Owner) => once(`object:${owner}`, () => fresh.object(owner)),
  card: (owner: Owner) =>
    once(`card:${owner}`, async () => {
      await must(owner, { method: 'POST', path: `/api/items/word/${CARD_WORD[owner]}/complete` });
      return `word:${CARD_WORD[owner]}`;
    }),
};
/** The resource a call names: A's shared one for guests and B, else a fresh or shared own one. */
const target = <T>(
  actor: Actor,
  make: (owner: Owner) => Promise<T>,
  mine: (o: Owner) => Promise<T>,
) => (intruder(actor) ? make('a') : mine(ownerOf(actor)));

const get = (path: string): Req => ({ method: 'GET', path });
const pathQuery = (p: string) => `path=${encodeURIComponent(p)}`;

const MATRIX: Record<string, Case[]> = {
  'GET /api/health': [{ expect: all(200), request: () => get('/api/health') }],
  'GET /api/config': [{ expect: all(200), request: () => get('/api/config') }],
  'POST /api/analytics/events': [
    {
      expect: all(202),
      request: () => ({
        method: 'POST',
        path: '/api/analytics/events',
        json: { events: [{ type: 'page_view', path: '/grammar', hash: '' }] },
      }),
    },
    {
      label: 'not JSON',
      expect: all(400),
      request: () => ({
        method: 'POST',
        path: '/api/analytics/events',
        bytes: new TextEncoder().encode('<events/>'),
        type: 'text/html',
      }),
      digestExcludes: ['analytics_event'],
    },
  ],

  // Content: public, but premium items only for premium users.
  'GET /api/content/summary': [{ expect: all(200), request: () => get('/api/content/summary') }],
  'GET /api/content/jobs': [{ expect: all(200), request: () => get('/api/content/jobs') }],
  'GET /api/content/grammar': [{ expect: all(200), request: () => get('/api/content/grammar') }],
  'GET /api/content/grammar/feedback': [
    { expect: all(200), request: () => get('/api/content/grammar/feedback') },
  ],
  'GET /api/content/grammar/deep-dive': [
    { expect: all(200), request: () => get('/api/content/grammar/deep-dive') },
  ],
  'GET /api/content/grammar/topics/:topic': [
    { expect: all(200), request: () => get(`/api/content/grammar/topics/${TOPIC.topic}`) },
  ],
  'GET /api/content/vocabulary': [
    { expect: all(200), request: () => get('/api/content/vocabulary') },
  ],
  'GET /api/content/vocabulary/:set': [
    { expect: all(200), request: () => get(`/api/content/vocabulary/${WORD_SET}`) },
  ],
  'GET /api/content/prompts': [{ expect: all(200), request: () => get('/api/content/prompts') }],
  'GET /api/content/prompts/:id': [
    { label: 'free', expect: all(200), request: () => get(`/api/content/prompts/${FREE_PROMPT}`) },
    {
      label: 'premium',
      expect: premiumOnly(200),
      request: () => get(`/api/content/prompts/${PREMIUM_PROMPT}`),
    },
  ],
  'GET /api/content/insights': [{ expect: all(200), request: () => get('/api/content/insights') }],
  'GET /api/content/insights/:id': [
    {
      label: 'free',
      expect: all(200),
      request: () => get(`/api/content/insights/${FREE_INSIGHT}`),
    },
    {
      label: 'premium',
      expect: premiumOnly(200),
      request: () => get(`/api/content/insights/${PREMIUM_INSIGHT}`),
    },
  ],
  'GET /api/content/activities': [
    { expect: all(200), request: () => get('/api/content/activities') },
  ],
  'GET /api/content/activities/:id': [
    {
      label: 'free',
      expect: all(200),
      request: () => get(`/api/content/activities/${FREE_ACTIVITY}`),
    },
    {
      label: 'premium',
      expect: premiumOnly(200),
      request: () => get(`/api/content/activities/${PREMIUM_ACTIVITY}`),
    },
  ],
  'GET /api/content/interviews/:type': [
    { expect: all(200), request: () => get(`/api/content/interviews/${FREE_QUESTION.type}`) },
  ],
  'GET /api/skills/content': [{ expect: all(200), request: () => get('/api/skills/content') }],

  // Account.
  'GET /api/me': [{ expect: signedIn(200), request: () => get('/api/me') }],
  'GET /api/session': [{ expect: all(200), request: () => get('/api/session') }],
  'GET /api/me/export': [{ expect: signedIn(200), request: () => get('/api/me/export') }],
  'GET /api/me/export.zip': [{ expect: signedIn(200), request: () => get('/api/me/export.zip') }],
  'DELETE /api/me': [
    {
      // Only refusals: guests 401, anyone else confirming with an address not theirs 400
      // (B types A's). Nobody is deleted.
      label: 'confirming with another address',
      expect: { ...all(400), guest: 401 },
      request: (actor) => ({
        method: 'DELETE',
        path: '/api/me',
        json: {
          confirmEmail:
            actor === 'guest' || actor === 'b' ? users.a.email : 'someone-else@example.com',
        },
      }),
    },
  ],
  'GET /api/profile': [{ expect: signedIn(200), request: () => get('/api/profile') }],
  'PATCH /api/profile': [
    {
      expect: signedIn(200),
      request: (actor) => ({
        method: 'PATCH',
        path: '/api/profile',
        json: { field: 'headline', value: `Headline of ${actor}` },
      }),
    },
    {
      // The body is checked before the session, so guests get the same 400.
      label: 'naming A’s user id',
      expect: all(400),
      request: () => ({
        method: 'PATCH',
        path: '/api/profile',
        json: { field: 'headline', value: 'hacked', userId: users.a.id },
      }),
    },
  ],
  // Everyone may check a text; nothing is stored, and one learner's dictionary is theirs alone.
  'POST /api/writing/check': [
    {
      expect: all(200),
      request: () => ({
        method: 'POST',
        path: '/api/writing/check',
        json: { text: 'We have less bugs this sprint.' },
      }),
    },
    {
      label: 'naming A’s user id',
      expect: all(400),
      request: () => ({
        method: 'POST',
        path: '/api/writing/check',
        json: { text: 'Fine.', userId: users.a.id },
      }),
    },
  ],
  'PATCH /api/settings': [
    {
      expect: signedIn(200),
      request: () => ({ method: 'PATCH', path: '/api/settings', json: { theme: 'dark' } }),
    },
    {
      label: 'naming A’s user id',
      expect: all(400),
      request: () => ({
        method: 'PATCH',
        path: '/api/settings',
        json: { theme: 'light', userId: users.a.id },
      }),
    },
  ],
  'POST /api/profile/photo': [
    {
      expect: signedIn(201),
      request: () => ({
        method: 'POST',
        path: '/api/profile/photo',
        bytes: PNG,
        type: 'image/png',
      }),
    },
  ],
  'DELETE /api/profile/photo': [
    { expect: signedIn(200), request: () => ({ method: 'DELETE', path: '/api/profile/photo' }) },
  ],
  'GET /api/profile/email-change': [
    { expect: signedIn(200), request: () => get('/api/profile/email-change') },
  ],

  // Files and storage.
  'GET /api/files/:id': [
    {
      // Whoever holds the token URL may read the file, as with signed links.
      label: 'A’s file with its token',
      expect: all(200),
      request: async () => get((await shared.object('a')).url),
    },
    {
      label: 'A’s file without the token',
      expect: all(404),
      request: async () => get((await shared.object('a')).url.split('?')[0] ?? ''),
    },
    {
      label: 'A’s file id with the token of someone else’s file',
      expect: all(404),
      request: async () => {
        const id = (await shared.object('a')).url.split('?')[0] ?? '';
        const token = new URL((await shared.object('free')).url, t.url).searchParams.get('token');
        return get(`${id}?token=${token ?? ''}`);
      },
    },
  ],
  'POST /api/storage/upload': [
    {
      expect: signedIn(201),
      request: () => ({
        method: 'POST',
        path: '/api/storage/upload?folder=doodles',
        bytes: PNG,
        type: 'image/png',
      }),
    },
  ],
  'GET /api/storage/metadata': [
    {
      expect: ownerOnly(200, 403),
      request: async (actor) =>
        get(`/api/storage/metadata?${pathQuery((await shared.object(ownerOf(actor))).path)}`),
    },
  ],
  'GET /api/storage/url': [
    {
      expect: ownerOnly(200, 403),
      request: async (actor) =>
        get(`/api/storage/url?${pathQuery((await shared.object(ownerOf(actor))).path)}`),
    },
  ],
  'POST /api/storage/url': [
    {
      expect: ownerOnly(200, 403),
      request: async (actor) => ({
        method: 'POST',
        path: `/api/storage/url?${pathQuery((await shared.object(ownerOf(actor))).path)}`,
      }),
    },
  ],
  'POST /api/storage/revoke': [
    {
      expect: ownerOnly(200, 403),
      request: async (actor) => ({
        method: 'POST',
        path: `/api/storage/revoke?${pathQuery((await target(actor, shared.object, fresh.object)).path)}`,
      }),
    },
  ],
  'DELETE /api/storage/object': [
    {
      expect: ownerOnly(200, 403),
      request: async (actor) => ({
        method: 'DELETE',
        path: `/api/storage/object?${pathQuery((await target(actor, shared.object, fresh.object)).path)}`,
      }),
    },
  ],

  // Grammar.
  'POST /api/grammar/answers': [
    {
      expect: signedIn(200),
      request: () => ({
        method: 'POST',
        path: '/api/grammar/answers?tz=Europe/Berlin',
        json: { questionId: QUESTION.id, choiceIndex: QUESTION.correctIndex },
      }),
    },
  ],
  'POST /api/grammar/attempts': [
    {
      expect: signedIn(200),
      request: () => ({
        method: 'POST',
        path: '/api/grammar/attempts?tz=Europe/Berlin',
        json: {
          attemptId: randomUUID(),
          topicId: TOPIC.topic,
          answers: TOPIC.questions.map((q) => q.correctIndex),
        },
      }),
    },
  ],
  'GET /api/grammar/stats': [{ expect: signedIn(200), request: () => get('/api/grammar/stats') }],
  'GET /api/grammar/stats/topics/:topic': [
    { expect: signedIn(200), request: () => get(`/api/grammar/stats/topics/${TOPIC.topic}`) },
  ],
  'GET /api/dashboard': [{ expect: signedIn(200), request: () => get('/api/dashboard?tz=UTC') }],
  'GET /api/dashboard/today': [
    { expect: signedIn(200), request: () => get('/api/dashboard/today?tz=UTC') },
  ],

  // Per-item records.
  'GET /api/items/:kind': [{ expect: signedIn(200), request: () => get('/api/items/word') }],
  'POST /api/items/:kind/:itemId/visit': [
    {
      expect: signedIn(200),
      request: () => ({ method: 'POST', path: `/api/items/prompt/${FREE_PROMPT}/visit` }),
    },
  ],
  'GET /api/items/:kind/:itemId': [
    { expect: signedIn(200), request: () => get(`/api/items/prompt/${FREE_PROMPT}`) },
  ],
  'PATCH /api/items/:kind/:itemId': [
    {
      label: 'entries of a free prompt',
      expect: signedIn(200),
      request: () => ({
        method: 'PATCH',
        path: `/api/items/prompt/${FREE_PROMPT}`,
        json: { entries: ['My first draft.'], status: 'started' },
      }),
    },
    {
      label: 'entries of a premium prompt',
      expect: premiumOnly(200),
      request: () => ({
        method: 'PATCH',
        path: `/api/items/prompt/${PREMIUM_PROMPT}`,
        json: { entries: ['My first draft.'], status: 'started' },
      }),
    },
  ],
  'POST /api/items/:kind/:itemId/:op': [
    {
      label: 'plan a word',
      expect: signedIn(200),
      request: () => ({ method: 'POST', path: `/api/items/word/${word(0)}/plan` }),
    },
    {
      // Planning is free for every item; only its content and answers are Premium.
      label: 'plan a premium prompt',
      expect: signedIn(200),
      request: () => ({ method: 'POST', path: `/api/items/prompt/${PREMIUM_PROMPT}/plan` }),
    },
  ],

  // Review.
  'GET /api/review': [{ expect: signedIn(200), request: () => get('/api/review?tz=UTC') }],
  'GET /api/review/count': [
    { expect: signedIn(200), request: () => get('/api/review/count?tz=UTC') },
  ],
  'POST /api/review/:cardId/answer': [
    {
      // B has no card of that id: A's card is not B's to answer.
      expect: ownerOnly(200, 404),
      request: async (actor) => ({
        method: 'POST',
        path: `/api/review/${encodeURIComponent(await shared.card(ownerOf(actor)))}/answer?tz=UTC`,
        json: { choiceIndex: 0 },
      }),
    },
  ],

  // Practice this: tops up the session user's own review with a topic's questions (decision 053).
  'POST /api/review/practice': [
    {
      expect: signedIn(200),
      request: () => ({
        method: 'POST',
        path: '/api/review/practice',
        json: { topic: 'countable-uncountable-nouns' },
      }),
    },
    {
      label: 'naming A’s user id',
      // A body naming anyone is refused before anything is looked up, a guest's too.
      expect: all(400),
      request: () => ({
        method: 'POST',
        path: '/api/review/practice',
        json: { topic: 'countable-uncountable-nouns', userId: users.a.id },
      }),
    },
  ],

  // Word study: each learner's own best Match time (no user id in the path to aim at A's).
  'GET /api/vocabulary/:set/match': [
    { expect: signedIn(200), request: () => get('/api/vocabulary/negotiation/match') },
  ],
  'POST /api/vocabulary/:set/match': [
    {
      expect: signedIn(200),
      request: () => ({
        method: 'POST',
        path: '/api/vocabulary/negotiation/match',
        json: { ms: 20_000 },
      }),
    },
  ],

  // Skills.
  'GET /api/skills': [{ expect: signedIn(200), request: () => get('/api/skills') }],
  'PUT /api/skills/:skillId': [
    {
      expect: signedIn(200),
      request: () => ({
        method: 'PUT',
        path: `/api/skills/${SKILL}`,
        json: { score: SKILL_BASELINE + 1 },
      }),
    },
  ],

  // Doodles.
  'GET /api/doodles': [{ expect: signedIn(200), request: () => get('/api/doodles') }],
  'POST /api/doodles/:wordId': [
    {
      expect: signedIn(201),
      request: () => ({
        method: 'POST',
        path: `/api/doodles/${word(1)}`,
        bytes: PNG,
        type: 'image/png',
      }),
    },
  ],
  'DELETE /api/doodles/:id': [
    {
      expect: ownerOnly(200, 404),
      request: async (actor) => ({
        method: 'DELETE',
        path: `/api/doodles/${(await target(actor, shared.doodle, fresh.doodle)).id}`,
      }),
    },
  ],

  // Interview recordings.
  'GET /api/recordings': [
    {
      expect: signedIn(200),
      request: () => get(`/api/recordings?interview=${FREE_QUESTION.id}`),
    },
  ],
  'POST /api/recordings/:interviewId': [
    {
      label: 'free question',
      expect: signedIn(201),
      request: () => ({
        method: 'POST',
        path: `/api/recordings/${FREE_QUESTION.id}?durationMs=1500`,
        bytes: WEBM,
        type: 'audio/webm',
      }),
    },
    {
      label: 'premium question',
      expect: premiumOnly(201),
      request: () => ({
        method: 'POST',
        path: `/api/recordings/${PREMIUM_QUESTION.id}?durationMs=1500`,
        bytes: WEBM,
        type: 'audio/webm',
      }),
    },
  ],
  'DELETE /api/recordings/:id': [
    {
      expect: ownerOnly(200, 404),
      request: async (actor) => ({
        method: 'DELETE',
        path: `/api/recordings/${(await target(actor, shared.recording, fresh.recording)).id}`,
      }),
    },
  ],

  // Billing: no Stripe configured in tests, so checkout, portal and webhook are 412.
  'GET /api/billing': [{ expect: signedIn(200), request: () => get('/api/billing') }],
  'POST /api/billing/checkout': [
    {
      expect: signedIn(412),
      request: () => ({ method: 'POST', path: '/api/billing/checkout' }),
    },
  ],
  'POST /api/billing/portal': [
    { expect: signedIn(412), request: () => ({ method: 'POST', path: '/api/billing/portal' }) },
  ],
  'POST /api/billing/webhook': [
    {
      expect: all(412),
      request: (actor) => ({
        method: 'POST',
        path: '/api/billing/webhook',
        headers: { 'Stripe-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
        json: {
          id: `evt_${actor}`,
          type: 'customer.subscription.updated',
          data: { object: { metadata: { userId: users.a.id }, status: 'active' } },
        },
      }),
    },
  ],

  // Reminders (issue 30): the session user's settings and browsers; the unsubscribe link's
  // token stands in for a session, so everyone holding it gets the same answer.
  'GET /api/reminders': [{ expect: signedIn(200), request: () => get('/api/reminders') }],
  'PATCH /api/reminders': [
    {
      expect: signedIn(200),
      request: () => ({ method: 'PATCH', path: '/api/reminders', json: { dailyAt: '07:30' } }),
    },
    {
      label: 'an unknown zone',
      // The body is checked before the session (as on every validated route).
      expect: all(400),
      request: () => ({
        method: 'PATCH',
        path: '/api/reminders',
        json: { timeZone: 'Mars/Olympus' },
      }),
    },
  ],
  'POST /api/reminders/push': [
    {
      expect: signedIn(201),
      request: (actor) => ({
        method: 'POST',
        path: '/api/reminders/push',
        json: {
          endpoint: `https://push.example.com/${actor}-${randomUUID()}`,
          keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        },
      }),
    },
  ],
  'DELETE /api/reminders/push': [
    {
      expect: signedIn(204),
      request: () => ({
        method: 'DELETE',
        path: '/api/reminders/push',
        json: { endpoint: 'https://push.example.com/none' },
      }),
    },
  ],
  'GET /api/reminders/unsubscribe': [
    {
      expect: all(200),
      request: () =>
        get(
          `/api/reminders/unsubscribe?t=${unsubscribeToken(t.config.authSecret, users.a.id, 'daily', 'email')}`,
        ),
    },
    {
      label: 'a forged token',
      expect: all(400),
      request: () =>
        get(
          `/api/reminders/unsubscribe?t=${unsubscribeToken('x'.repeat(40), users.a.id, 'daily', 'email')}`,
        ),
    },
  ],
  'POST /api/reminders/unsubscribe': [
    {
      expect: all(200),
      request: () => ({
        method: 'POST',
        path: `/api/reminders/unsubscribe?t=${unsubscribeToken(t.config.authSecret, users.a.id, 'weekly', 'push')}`,
      }),
    },
    {
      label: 'a forged token',
      expect: all(400),
      request: () => ({
        method: 'POST',
        path: `/api/reminders/unsubscribe?t=${unsubscribeToken('x'.repeat(40), users.a.id, 'weekly', 'push')}`,
      }),
    },
  ],

  // Offline sync.
  'POST /api/sync': [
    {
      expect: signedIn(200),
      request: () => ({
        method: 'POST',
        path: '/api/sync',
        json: {
          ops: [
            { opId: randomUUID(), type: 'like', kind: 'prompt', itemId: FREE_PROMPT, liked: true },
          ],
        },
      }),
    },
  ],
};

/**
 * Teams have actors of their own: the owner, an admin and a member of one team, a member
 * (the owner) of another team, and a guest. Each success that uses something up gets a
 * fresh team or invitation; refusals aim at the shared team.
 */
const TEAM_ACTORS = ['guest', 'owner', 'admin', 'member', 'outsider'] as const;
type TeamActor = (typeof TEAM_ACTORS)[number];
type TeamUser = Exclude<TeamActor, 'guest'>;
type TeamExpect = Record<TeamActor, number>;
/** Owner and admin get `ok`; a member `member`; the other team's member 404; guests 401. */
const managers = (ok: number, member = 403): TeamExpect => ({
  guest: 401,
  owner: ok,
  admin: ok,
  member,
  outsider: 404,
});
const teamMembers = (ok: number): TeamExpect => managers(ok, ok);
interface TeamCase {
  label?: string;
  expect: TeamExpect;
  request: (actor: TeamActor) => Req | Promise<Req>;
  digestExcludes?: (keyof Database)[];
}
const teamUsers = {} as Record<TeamUser, { cookie: string; email: string; id: string }>;
const SHARED_TEAM = 'matrix-team';
const OTHER_TEAM = 'matrix-other-team';
let teamSerial = 0;
const nextSlug = () => `matrix-${++teamSerial}`;

async function teamSend(actor: TeamActor, req: Req): Promise<Response> {
  return sendAs(actor === 'guest' ? null : teamUsers[actor].cookie, req);
}
async function teamMust<T>(actor: TeamUser, req: Req): Promise<T> {
  const res = await teamSend(actor, req);
  const text = await res.text();
  if (res.status >= 300) throw new Error(`setup ${req.method} ${req.path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}
/** An invitation from `from`'s team `slug` to `email`; its id. */
const inviteTo = async (from: TeamUser, slug: string, email: string, role = 'member') =>
  (
    await teamMust<{ id: string }>(from, {
      method: 'POST',
      path: `/api/teams/${slug}/invitations`,
      json: { email, role },
    })
  ).id;
async function joinTeam(who: TeamUser, from: TeamUser, slug: string, role = 'member') {
  const id = await inviteTo(from, slug, teamUsers[who].email, role);
  await teamMust(who, { method: 'POST', path: `/api/teams/invitations/${id}/accept` });
}
/** A new team of `owner`'s, with the others given joining as the roles named. */
async function freshTeam(owner: TeamUser, others: Partial<Record<TeamUser, string>> = {}) {
  const slug = nextSlug();
  await teamMust(owner, { method: 'POST', path: '/api/teams', json: { name: 'Fresh team', slug } });
  for (const [who, role] of Object.entries(others)) {
    // Ownership is handed over, never invited: join as admin, then be made owner.
    await joinTeam(who as TeamUser, owner, slug, role === 'owner' ? 'admin' : role);
    if (role === 'owner')
      await teamMust(owner, {
        method: 'PATCH',
        path: `/api/teams/${slug}/members/${await membershipId(slug, who as TeamUser)}`,
        json: { role: 'owner' },
      });
  }
  return slug;
}
async function membershipId(slug: string, user: TeamUser): Promise<string> {
  const row = await t.db.db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select('member.id')
    .where('organization.slug', '=', slug)
    .where('member.userId', '=', teamUsers[user].id)
    .executeTakeFirstOrThrow();
  return row.id;
}
/** An assignment set by `from` in their team `slug` (the deep dive, for the whole team); its id. */
const assignIn = async (from: TeamUser, slug: string) =>
  (
    await teamMust<{ id: string }>(from, {
      method: 'POST',
      path: `/api/teams/${slug}/assignments`,
      json: { kind: 'deep-dive', contentId: 'deep-dive' },
    })
  ).id;
/** Someone else's address: an invitation no actor may answer. */
const strangerEmail = () => `stranger-${randomUUID()}@example.com`;
/** An open invitation to the actor, from a team they are not in (guests get anyone's). */
const invitationFor = (actor: TeamActor) =>
  actor === 'guest'
    ? inviteTo('owner', SHARED_TEAM, strangerEmail())
    : actor === 'outsider'
      ? freshTeam('owner').then((slug) => inviteTo('owner', slug, teamUsers.outsider.email))
      : freshTeam('outsider').then((slug) => inviteTo('outsider', slug, teamUsers[actor].email));

/** The join link of `owner`'s team `slug`, turned on (or as it is); its token. */
const joinLinkOf = async (owner: TeamUser, slug: string) =>
  (
    await teamMust<{ token: string }>(owner, {
      method: 'PUT',
      path: `/api/teams/${slug}/join-link`,
      json: { emailDomain: null },
    })
  ).token;

const TEAM_MATRIX: Record<string, TeamCase[]> = {
  'GET /api/teams/owned': [
    { expect: { ...teamMembers(200), outsider: 200 }, request: () => get('/api/teams/owned') },
  ],
  'GET /api/teams/join/:token': [
    {
      // Whoever holds the link sees the team's name before joining, signed in or not.
      expect: { guest: 200, owner: 200, admin: 200, member: 200, outsider: 200 },
      request: async () => get(`/api/teams/join/${await joinLinkOf('owner', SHARED_TEAM)}`),
    },
  ],
  'POST /api/teams/join/:token': [
    {
      label: 'a team the caller is not in',
      expect: { guest: 401, owner: 200, admin: 200, member: 200, outsider: 200 },
      request: async (actor) => ({
        method: 'POST',
        path: `/api/teams/join/${
          actor === 'guest'
            ? await joinLinkOf('owner', SHARED_TEAM)
            : actor === 'outsider'
              ? await joinLinkOf('owner', await freshTeam('owner'))
              : await joinLinkOf('outsider', await freshTeam('outsider'))
        }`,
      }),
    },
  ],
  'GET /api/teams/invitations/:id/preview': [
    {
      // The id is the invited mailbox's secret: the signed-out page shows what the mail said.
      expect: { guest: 200, owner: 200, admin: 200, member: 200, outsider: 200 },
      request: async () =>
        get(
          `/api/teams/invitations/${await inviteTo('owner', SHARED_TEAM, strangerEmail())}/preview`,
        ),
    },
  ],
  'POST /api/teams/:slug/invitations/bulk': [
    {
      expect: managers(200),
      request: () => ({
        method: 'POST',
        path: `/api/teams/${SHARED_TEAM}/invitations/bulk`,
        json: { emails: `${strangerEmail()}, ${strangerEmail()}`, role: 'member' },
      }),
    },
  ],
  'PUT /api/teams/:slug/join-link': [
    {
      expect: managers(200),
      request: () => ({
        method: 'PUT',
        path: `/api/teams/${SHARED_TEAM}/join-link`,
        json: { emailDomain: 'example.com' },
      }),
    },
  ],
  'POST /api/teams/:slug/join-link/regenerate': [
    {
      expect: managers(200),
      request: async () => {
        await joinLinkOf('owner', SHARED_TEAM);
        return { method: 'POST', path: `/api/teams/${SHARED_TEAM}/join-link/regenerate` };
      },
    },
  ],
  'DELETE /api/teams/:slug/join-link': [
    {
      expect: managers(200),
      request: async () => {
        await joinLinkOf('owner', SHARED_TEAM);
        return { method: 'DELETE', path: `/api/teams/${SHARED_TEAM}/join-link` };
      },
    },
  ],
  'GET /api/teams': [
    { expect: { ...teamMembers(200), outsider: 200 }, request: () => get('/api/teams') },
  ],
  'POST /api/teams': [
    {
      expect: { ...teamMembers(201), outsider: 201 },
      request: () => ({
        method: 'POST',
        path: '/api/teams',
        json: { name: 'New team', slug: nextSlug() },
      }),
    },
    {
      label: 'an address in use',
      expect: { ...teamMembers(409), outsider: 409 },
      request: () => ({
        method: 'POST',
        path: '/api/teams',
        json: { name: 'Copy', slug: SHARED_TEAM },
      }),
    },
  ],
  'GET /api/teams/:slug': [
    { expect: teamMembers(200), request: () => get(`/api/teams/${SHARED_TEAM}`) },
  ],
  'PATCH /api/teams/:slug': [
    {
      // Its own name again: a rename that changes nothing other rows rely on.
      expect: managers(200),
      request: () => ({
        method: 'PATCH',
        path: `/api/teams/${SHARED_TEAM}`,
        json: { name: 'Matrix team' },
      }),
    },
  ],
  'DELETE /api/teams/:slug': [
    {
      expect: { ...managers(200), admin: 403 },
      request: async (actor) => ({
        method: 'DELETE',
        path: `/api/teams/${
          actor === 'owner'
            ? await freshTeam('owner', { admin: 'admin', member: 'member' })
            : SHARED_TEAM
        }`,
      }),
    },
  ],
  'POST /api/teams/:slug/active': [
    {
      expect: teamMembers(200),
      request: () => ({ method: 'POST', path: `/api/teams/${SHARED_TEAM}/active` }),
    },
  ],
  'POST /api/teams/:slug/leave': [
    {
      label: 'a team of several',
      expect: { ...teamMembers(200) },
      request: async (actor) => ({
        method: 'POST',
        path: `/api/teams/${
          actor === 'admin' || actor === 'member'
            ? await freshTeam('owner', { [actor]: actor })
            : actor === 'owner'
              ? await freshTeam('owner', { admin: 'owner' })
              : SHARED_TEAM
        }/leave`,
      }),
    },
    {
      label: 'the last owner',
      expect: { guest: 401, owner: 412, admin: 404, member: 404, outsider: 412 },
      request: async (actor) => ({
        method: 'POST',
        path: `/api/teams/${actor === 'owner' || actor === 'outsider' ? await freshTeam(actor) : OTHER_TEAM}/leave`,
      }),
    },
  ],
  'POST /api/teams/:slug/invitations': [
    {
      expect: managers(201),
      request: () => ({
        method: 'POST',
        path: `/api/teams/${SHARED_TEAM}/invitations`,
        json: { email: strangerEmail(), role: 'member' },
      }),
    },
  ],
  'DELETE /api/teams/:slug/invitations/:id': [
    {
      expect: managers(200),
      request: async () => ({
        method: 'DELETE',
        path: `/api/teams/${SHARED_TEAM}/invitations/${await inviteTo('owner', SHARED_TEAM, strangerEmail())}`,
      }),
    },
  ],
  'PATCH /api/teams/:slug/members/:id': [
    {
      label: 'the member’s',
      expect: managers(200),
      request: async () => ({
        method: 'PATCH',
        path: `/api/teams/${SHARED_TEAM}/members/${await membershipId(SHARED_TEAM, 'member')}`,
        json: { role: 'member' },
      }),
    },
    {
      label: 'the owner’s',
      expect: { ...managers(403), owner: 412 },
      request: async () => ({
        method: 'PATCH',
        path: `/api/teams/${SHARED_TEAM}/members/${await membershipId(SHARED_TEAM, 'owner')}`,
        json: { role: 'admin' },
      }),
    },
  ],
  'DELETE /api/teams/:slug/members/:id': [
    {
      // Owners and admins remove a member of a fresh team; the rest are refused in the shared one.
      label: 'a member',
      expect: managers(200),
      request: async (actor) => {
        const slug =
          actor === 'owner' || actor === 'admin'
            ? await freshTeam('owner', { admin: 'admin', member: 'member' })
            : SHARED_TEAM;
        return {
          method: 'DELETE',
          path: `/api/teams/${slug}/members/${await membershipId(slug, 'member')}`,
        };
      },
    },
    {
      label: 'an owner',
      expect: { ...managers(403), owner: 412 },
      request: async () => ({
        method: 'DELETE',
        path: `/api/teams/${SHARED_TEAM}/members/${await membershipId(SHARED_TEAM, 'owner')}`,
      }),
    },
  ],
  'GET /api/teams/assignments': [
    // Everyone's own assignments, in whatever teams they are in (none is fine).
    {
      expect: { ...teamMembers(200), outsider: 200 },
      request: () => get('/api/teams/assignments'),
    },
  ],
  'GET /api/teams/:slug/assignments': [
    { expect: managers(200), request: () => get(`/api/teams/${SHARED_TEAM}/assignments`) },
  ],
  'GET /api/teams/:slug/assignments/:id/members': [
    {
      expect: managers(200),
      request: async () =>
        get(
          `/api/teams/${SHARED_TEAM}/assignments/${await assignIn('owner', SHARED_TEAM)}/members`,
        ),
    },
    {
      label: "another team's assignment",
      expect: managers(404),
      request: async () =>
        get(
          `/api/teams/${SHARED_TEAM}/assignments/${await assignIn('outsider', OTHER_TEAM)}/members`,
        ),
    },
  ],
  'POST /api/teams/:slug/assignments': [
    {
      label: 'for the whole team',
      expect: managers(201),
      request: () => ({
        method: 'POST',
        path: `/api/teams/${SHARED_TEAM}/assignments`,
        json: { kind: 'topic', contentId: TOPIC.topic, dueOn: '2099-01-31', note: 'Matrix' },
      }),
    },
    {
      label: 'for a chosen member',
      expect: managers(201),
      request: () => ({
        method: 'POST',
        path: `/api/teams/${SHARED_TEAM}/assignments`,
        json: { kind: 'word-set', contentId: WORD_SET, members: [teamUsers.member.id] },
      }),
    },
    {
      // The body is valid; who it names is not: managers 400, and nothing is written.
      label: 'for a member of another team',
      expect: managers(400),
      request: () => ({
        method: 'POST',
        path: `/api/teams/${SHARED_TEAM}/assignments`,
        json: { kind: 'deep-dive', contentId: 'deep-dive', members: [teamUsers.outsider.id] },
      }),
    },
  ],
  'PATCH /api/teams/:slug/assignments/:id': [
    {
      expect: managers(200),
      request: async () => ({
        method: 'PATCH',
        path: `/api/teams/${SHARED_TEAM}/assignments/${await assignIn('owner', SHARED_TEAM)}`,
        json: { dueOn: '2099-03-01', note: 'Matrix edit' },
      }),
    },
    {
      // The other team's assignment, named through this team's address.
      label: 'another team’s',
      expect: managers(404),
      request: async () => ({
        method: 'PATCH',
        path: `/api/teams/${SHARED_TEAM}/assignments/${await assignIn('outsider', OTHER_TEAM)}`,
        json: { note: 'Not yours' },
      }),
    },
  ],
  'DELETE /api/teams/:slug/assignments/:id': [
    {
      expect: managers(200),
      request: async () => ({
        method: 'DELETE',
        path: `/api/teams/${SHARED_TEAM}/assignments/${await assignIn('owner', SHARED_TEAM)}`,
      }),
    },
    {
      // The other team's assignment, named through this team's address.
      label: 'another team’s',
      expect: managers(404),
      request: async () => ({
        method: 'DELETE',
        path: `/api/teams/${SHARED_TEAM}/assignments/${await assignIn('outsider', OTHER_TEAM)}`,
      }),
    },
  ],
  'GET /api/teams/:slug/progress': [
    // Any member: a member's answer holds only their own row (checked below).
    { expect: teamMembers(200), request: () => get(`/api/teams/${SHARED_TEAM}/progress?tz=UTC`) },
    {
      // The query is checked before the session, so guests get the same 400.
      label: 'an unknown time zone',
      expect: { guest: 400, owner: 400, admin: 400, member: 400, outsider: 400 },
      request: () => get(`/api/teams/${SHARED_TEAM}/progress?tz=Mars/Olympus`),
    },
  ],
  'GET /api/teams/:slug/progress/overview': [
    {
      expect: managers(200),
      request: () => get(`/api/teams/${SHARED_TEAM}/progress/overview?tz=UTC`),
    },
  ],
  'GET /api/teams/:slug/progress.csv': [
    { expect: managers(200), request: () => get(`/api/teams/${SHARED_TEAM}/progress.csv?tz=UTC`) },
  ],
  'GET /api/teams/invitations/:id': [
    {
      label: 'sent to the caller',
      expect: { ...teamMembers(200), outsider: 200 },
      request: async (actor) => get(`/api/teams/invitations/${await invitationFor(actor)}`),
    },
    {
      label: 'sent to someone else',
      expect: { ...teamMembers(403), outsider: 403 },
      request: async () =>
        get(`/api/teams/invitations/${await inviteTo('owner', SHARED_TEAM, strangerEmail())}`),
    },
  ],
  'POST /api/teams/invitations/:id/accept': [
    {
      label: 'sent to the caller',
      expect: { ...teamMembers(200), outsider: 200 },
      request: async (actor) => ({
        method: 'POST',
        path: `/api/teams/invitations/${await invitationFor(actor)}/accept`,
      }),
    },
    {
      label: 'sent to someone else',
      expect: { ...teamMembers(403), outsider: 403 },
      request: async () => ({
        method: 'POST',
        path: `/api/teams/invitations/${await inviteTo('owner', SHARED_TEAM, strangerEmail())}/accept`,
      }),
    },
  ],
  'POST /api/teams/invitations/:id/decline': [
    {
      label: 'sent to the caller',
      expect: { ...teamMembers(200), outsider: 200 },
      request: async (actor) => ({
        method: 'POST',
        path: `/api/teams/invitations/${await invitationFor(actor)}/decline`,
      }),
    },
    {
      label: 'sent to someone else',
      expect: { ...teamMembers(403), outsider: 403 },
      request: async () => ({
        method: 'POST',
        path: `/api/teams/invitations/${await inviteTo('owner', SHARED_TEAM, strangerEmail())}/decline`,
      }),
    },
  ],
};

beforeAll(async () => {
  t = await startTestServer({
    contentDir,
    env: { TRUSTED_PROXIES: '127.0.0.1', PREMIUM_WITHOUT_PAYMENTS: 'locked' },
  });
  const [a, b, unverified, free, premium] = await Promise.all([
    createUser(t, { name: 'Alice A', verified: true }),
    createUser(t, { name: 'Bob B', verified: true }),
    createUser(t, { name: 'Una Unverified' }),
    createUser(t, { name: 'Fred Free', verified: true }),
    createUser(t, { name: 'Pat Premium', verified: true }),
  ]);
  Object.assign(users, { a, b, unverified, free, premium });
  await t.db.db
    .updateTable('user')
    .set({ stripeRole: 'premium' })
    .where('id', '=', premium.id)
    .execute();
  const [owner, admin, member, outsider] = await Promise.all([
    createUser(t, { name: 'Olga Owner', verified: true }),
    createUser(t, { name: 'Adam Admin', verified: true }),
    createUser(t, { name: 'Mia Member', verified: true }),
    createUser(t, { name: 'Otto Outsider', verified: true }),
  ]);
  Object.assign(teamUsers, { owner, admin, member, outsider });
  await teamMust('owner', {
    method: 'POST',
    path: '/api/teams',
    json: { name: 'Matrix team', slug: SHARED_TEAM },
  });
  await joinTeam('admin', 'owner', SHARED_TEAM, 'admin');
  await joinTeam('member', 'owner', SHARED_TEAM);
  await teamMust('outsider', {
    method: 'POST',
    path: '/api/teams',
    json: { name: 'Other team', slug: OTHER_TEAM },
  });
});
afterAll(() => t?.close());

const rows = Object.entries(MATRIX).flatMap(([route, cases]) =>
  cases.flatMap((c) =>
    ACTORS.map((actor) => ({
      route,
      label: c.label ? ` (${c.label})` : '',
      actor,
      status: c.expect[actor],
      request: c.request,
      exclude: c.digestExcludes ?? [],
    })),
  ),
);

const teamRows = Object.entries(TEAM_MATRIX).flatMap(([route, cases]) =>
  cases.flatMap((c) =>
    TEAM_ACTORS.map((actor) => ({
      route,
      label: c.label ? ` (${c.label})` : '',
      actor,
      status: c.expect[actor],
      request: c.request,
      exclude: c.digestExcludes ?? [],
    })),
  ),
);

/**
 * Every state-changing team route, each case sent by an actor it lets through (the owner
 * when none is), but from a page on another site: refused 403 before it does anything.
 */
const CROSS_SITE = {
  Origin: 'https://evil.example',
  'Sec-Fetch-Site': 'cross-site',
  'Sec-Fetch-Mode': 'cors',
  'Sec-Fetch-Dest': 'empty',
};
const crossSiteRows = Object.entries(TEAM_MATRIX)
  .filter(([route]) => !route.startsWith('GET '))
  .flatMap(([route, cases]) =>
    cases.map((c) => ({
      route,
      label: c.label ? ` (${c.label})` : '',
      actor: TEAM_ACTORS.find((a) => a !== 'guest' && c.expect[a] < 400) ?? ('owner' as const),
      request: c.request,
      exclude: c.digestExcludes ?? [],
    })),
  );

describe(`authorization matrix (${testDialect}, ${rows.length + teamRows.length} rows)`, () => {
  it('names every /api route of the app, and no other', () => {
    const routes = new Set(
      [...apiRouteKeys(t)].filter((r) => !r.split(' ')[1]?.startsWith('/api/auth/')),
    );
    const matrix = { ...MATRIX, ...TEAM_MATRIX };
    for (const r of routes)
      expect(matrix, `${r} is not in the authorization matrix`).toHaveProperty([r]);
    for (const r of Object.keys(matrix))
      expect(routes, `${r} is in the matrix but not in the app`).toContain(r);
    for (const [r, cases] of Object.entries(matrix))
      expect(cases.length, `${r} has no case`).toBeGreaterThan(0);
  });

  for (const { route, label, actor, status, request, exclude } of rows)
    it(`${route}${label} as ${actor} → ${status}`, async () => {
      const req = await request(actor);
      expect(`${req.method} ${req.path}`).toMatch(new RegExp(`^${route.split(' ')[0]} /api/`));
      const refused = status >= 400;
      const before = refused ? await dbDigest(t.db.db, exclude) : '';
      const res = await send(actor, req);
      const text = await res.text();
      expect(res.status, `${req.method} ${req.path} as ${actor}: ${text.slice(0, 300)}`).toBe(
        status,
      );
      if (refused)
        expect(
          await dbDigest(t.db.db, exclude),
          `${req.method} ${req.path} as ${actor} was refused but changed the database`,
        ).toBe(before);
    });

  for (const { route, label, actor, status, request, exclude } of teamRows)
    it(`${route}${label} as ${actor} → ${status}`, async () => {
      await clearTeamLimits(t.db.db);
      const req = await request(actor);
      expect(`${req.method} ${req.path}`).toMatch(new RegExp(`^${route.split(' ')[0]} /api/`));
      const refused = status >= 400;
      const before = refused ? await dbDigest(t.db.db, exclude) : '';
      const res = await teamSend(actor, req);
      const text = await res.text();
      expect(res.status, `${req.method} ${req.path} as ${actor}: ${text.slice(0, 300)}`).toBe(
        status,
      );
      if (refused)
        expect(
          await dbDigest(t.db.db, exclude),
          `${req.method} ${req.path} as ${actor} was refused but changed the database`,
        ).toBe(before);
    });

  for (const { route, label, actor, request, exclude } of crossSiteRows)
    it(`${route}${label} as ${actor} from another site → 403`, async () => {
      await clearTeamLimits(t.db.db);
      const req = await request(actor);
      const before = await dbDigest(t.db.db, exclude);
      const res = await teamSend(actor, { ...req, headers: { ...req.headers, ...CROSS_SITE } });
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status, `${req.method} ${req.path}: ${body.error.message}`).toBe(403);
      expect(body.error.code).toBe('permission-denied');
      expect(body.error.message).toContain(new URL(t.config.appUrl).origin);
      expect(
        await dbDigest(t.db.db, exclude),
        `${req.method} ${req.path} from another site changed the database`,
      ).toBe(before);
    });

  it('team progress: a member gets only their own row; owners and admins every member’s', async () => {
    const rowsFor = async (actor: TeamUser) => {
      const res = await teamSend(actor, get(`/api/teams/${SHARED_TEAM}/progress?tz=UTC`));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { members: { userId: string }[] };
      return body.members.map((m) => m.userId).sort();
    };
    expect(await rowsFor('member')).toEqual([teamUsers.member.id]);
    const everyone = [teamUsers.owner.id, teamUsers.admin.id, teamUsers.member.id].sort();
    expect(await rowsFor('owner')).toEqual(everyone);
    expect(await rowsFor('admin')).toEqual(everyone);
    // The outsider's team is theirs alone: its report never shows this team's members.
    const other = await teamSend('outsider', get(`/api/teams/${OTHER_TEAM}/progress?tz=UTC`));
    expect(
      ((await other.json()) as { members: { userId: string }[] }).members.map((m) => m.userId),
    ).toEqual([teamUsers.outsider.id]);
  });

  it('the digest sees a change of user data (so equal digests mean something)', async () => {
    const before = await dbDigest(t.db.db);
    const res = await send('a', {
      method: 'PATCH',
      path: '/api/profile',
      json: { field: 'bio', value: 'Changed after the matrix' },
    });
    expect(res.status).toBe(200);
    expect(await dbDigest(t.db.db)).not.toBe(before);
  });
});
