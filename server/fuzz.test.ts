/**
 * Fuzzing (issue 9): fast-check properties over every JSON endpoint and every endpoint that
 * takes its input from the query string or the path. Bodies start from each endpoint's zod
 * schema (valid-looking values, then mutated deep inside) and add hostile input: bodies over
 * the caps, deep nesting, `__proto__`/`constructor`/`prototype` keys, wrong types, wrong or
 * missing content types, invalid UTF-8, empty bodies and trailing garbage. For every request:
 * never a 5xx; every 4xx carries `{error:{code,message}}` and leaves the database digest
 * unchanged; a body over the cap is 413. After every property `/api/health` answers 200 and
 * `Object.prototype` is untouched (the server runs in this process). Fixed seed, bounded runs.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_KINDS, DEEP_DIVE_CONTENT_ID } from '../core/teams/assignments';
import { LEVELS, PROFESSIONS, THEMES } from '../core/constants';
import { TARGET_PROFILE_IDS } from '../core/content/skill-ids';
import { isErrorCode } from '../core/errors';
import { DAILY_GOAL_OPTIONS } from '../core/progress/goal';
import { ITEM_KINDS, ITEM_STATUSES, LIST_OPS, type ItemKind } from '../core/items/items';
import { API_BODY_LIMIT } from './app';
import { loadCatalog } from './content/catalog';
import { ANALYTICS_BODY_LIMIT } from './features/analytics/routes';
import { questionIndex } from './features/grammar/service';
import { skillIds } from './features/skills/service';
import { dbDigest } from './test/digest';
import { startTestServer, testDialect, type TestServer } from './test/support';
import { clearTeamLimits, createUser, nextIp, PASSWORD } from './test/users';

const SEED = 20261122;
const RUNS = 40;
fc.configureGlobal({ seed: SEED, numRuns: RUNS });

const contentDir = join(import.meta.dirname, '..', 'content');
const catalog = loadCatalog(contentDir);
const questionIds = [...questionIndex(catalog).keys()];
const topicIds = [...catalog.grammar.topics.keys()];
const wordIds = [...catalog.vocabulary.words.keys()];
const skills = [...skillIds(catalog)];
const itemIdsOf = (kind: ItemKind) => [...catalog.itemIds[kind]];
/** What may be assigned, by kind (a few of each). */
const assignableIds: Record<(typeof ASSIGNMENT_KINDS)[number], string[]> = {
  topic: topicIds.slice(0, 10),
  'deep-dive': [DEEP_DIVE_CONTENT_ID],
  'word-set': catalog.vocabulary.sets.slice(0, 10).map((s) => s.id),
  prompt: catalog.prompts.slice(0, 10).map((p) => p.id),
  insight: catalog.insights.slice(0, 10).map((i) => i.id),
  'interview-list': Object.keys(catalog.interviews.byType),
  activity: catalog.activities.slice(0, 10).map((a) => a.id),
};
const targetProfileIds = (catalog.skills?.targetProfiles ?? []).map((p) => p.id);

/** Written into `__proto__`/`constructor` payloads; must never show up on Object.prototype. */
const POLLUTION_MARK = 'fuzzPolluted';

// ---------------------------------------------------------------------------------------
// Requests

type Actor = 'user' | 'guest';

interface Payload {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string | null;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  actor: Actor;
  payload?: Payload;
  /** The body cap of the route: over it the answer is 413. */
  limit?: number;
  /** Better Auth routes: same-origin and a client address of their own. */
  auth?: boolean;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

let t: TestServer;
let user: { email: string; cookie: string; id: string };
let other: { email: string; cookie: string; id: string };

async function send(call: Call): Promise<Response> {
  const headers: Record<string, string> = {};
  if (call.actor === 'user') headers.Cookie = user.cookie;
  if (call.payload?.contentType != null) headers['Content-Type'] = call.payload.contentType;
  if (call.auth) {
    headers.Origin = t.config.appUrl;
    headers['X-Forwarded-For'] = nextIp();
  }
  return t.fetch(call.path, {
    method: call.method,
    headers,
    ...(call.payload && call.method !== 'GET' ? { body: call.payload.bytes } : {}),
    redirect: 'manual',
  });
}

const describeCall = (call: Call) =>
  `${call.actor} ${call.method} ${call.path.slice(0, 200)} ` +
  (call.payload
    ? `[${call.payload.contentType ?? 'no type'}, ${call.payload.bytes.length} B] ` +
      Buffer.from(call.payload.bytes.subarray(0, 300)).toString('latin1')
    : '');

/** Statuses seen by the current property, to show it reached the handlers. */
let statuses: number[] = [];

/** The property every request must hold. */
async function check(call: Call): Promise<void> {
  const before = await dbDigest(t.db.db);
  const res = await send(call);
  const text = await res.text();
  statuses.push(res.status);
  console.log(res.status, describeCall(call).slice(0, 200), text.slice(0, 200));
  const what = `${describeCall(call)} → ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  if (call.payload && call.limit !== undefined && call.payload.bytes.length > call.limit)
    expect(res.status, what).toBe(413);
  if (res.status < 400) return;
  expect(res.headers.get('content-type') ?? '', what).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
  expect(isErrorCode(body.error?.code), what).toBe(true);
  expect(typeof body.error?.message, what).toBe('string');
  expect(await dbDigest(t.db.db), `${what}: a 4xx changed the database`).toBe(before);
}

async function afterProperty(): Promise<void> {
  const health = await t.fetch('/api/health');
  expect(health.status).toBe(200);
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>)[POLLUTION_MARK]).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain(POLLUTION_MARK);
}

/** One property: `numRuns` calls drawn from `calls`, each checked. */
async function fuzz(
  calls: fc.Arbitrary<Call>,
  numRuns = RUNS,
  examples: Call[] = [],
  /** Run before each call: e.g. starting the hourly team limits again, so calls reach past them. */
  beforeCall?: () => Promise<unknown>,
): Promise<Map<number, number>> {
  statuses = [];
  await fc.assert(
    fc.asyncProperty(calls, async (call) => {
      await beforeCall?.();
      return check(call);
    }),
    { numRuns, examples: examples.map((e) => [e] as [Call]) },
  );
  await afterProperty();
  const counts = new Map<number, number>();
  for (const s of statuses.sort()) counts.set(s, (counts.get(s) ?? 0) + 1);
  if (process.env.FUZZ_STATS)
    console.log(expect.getState().currentTestName, Object.fromEntries(counts));
  return counts;
}

// ---------------------------------------------------------------------------------------
// Values

const actor: fc.Arbitrary<Actor> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Actor>('user') },
  { weight: 1, arbitrary: fc.constant<Actor>('guest') },
);

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\uffff',
  '\ufeff',
  '\u202e',
  '😀',
  '<script>alert(1)</script>',
  "'; DROP TABLE user; --",
  '../../../etc/passwd',
  '%00',
  '%FF',
  'null',
  'true',
  '0',
  '-1',
  '1e400',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Values of the wrong type (or the right type out of range) for any field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(-1, 4, 1.5, -0, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE, 6, 101),
  nastyString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const protoValue = fc.constantFrom<unknown>(
  { [POLLUTION_MARK]: true },
  { prototype: { [POLLUTION_MARK]: true } },
  { toString: 1, valueOf: 'x', hasOwnProperty: null },
  null,
  1,
);

/** Sets an own, enumerable property, so `__proto__` is serialized as a key, not a prototype. */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Every object or array inside a value (the places a mutation can land). */
function containers(value: unknown, out: object[] = []): object[] {
  if (value !== null && typeof value === 'object') {
    out.push(value);
    for (const v of Object.values(value)) containers(v, out);
  }
  return out;
}

type Mutation = 'drop' | 'retype' | 'extra' | 'proto' | 'wrap' | 'empty';

/** One mutation somewhere inside a (copied) valid value. */
function mutate(
  valid: unknown,
  how: Mutation,
  pick: number,
  key: string,
  value: unknown,
  protoKey: string,
  protoVal: unknown,
): unknown {
  const copy = structuredClone(valid);
  if (how === 'wrap') return [copy];
  if (how === 'empty') return Array.isArray(copy) ? [] : {};
  const spots = containers(copy);
  const spot = spots[pick % Math.max(spots.length, 1)];
  if (!spot) return value;
  const keys = Object.keys(spot);
  const existing = keys[pick % Math.max(keys.length, 1)];
  const at = spot as Record<string, unknown>;
  if (how === 'drop' && existing !== undefined) {
    if (Array.isArray(spot)) spot.splice(Number(existing), 1);
    else delete at[existing];
  } else if (how === 'retype' && existing !== undefined) {
    at[existing] = value;
  } else if (how === 'proto') {
    setOwn(spot, protoKey, protoVal);
  } else {
    setOwn(spot, key, value);
  }
  return copy;
}

const mutated = (valid: fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      valid,
      fc.constantFrom<Mutation>(
        'drop',
        'retype',
        'retype',
        'extra',
        'proto',
        'proto',
        'wrap',
        'empty',
      ),
      fc.nat(),
      fc.oneof(fc.constantFrom('userId', 'uid', 'id', 'role', 'stripeRole', 'admin'), fc.string()),
      wrongValue,
      fc.constantFrom(...PROTO_KEYS),
      protoValue,
    )
    .map(([v, how, pick, key, value, pk, pv]) => mutate(v, how, pick, key, value, pk, pv));

/** JSON text with a marker string replaced by raw text (nesting, huge literals). */
function splice(valid: unknown, pick: number, raw: string): string {
  const MARK = '@@FUZZ@@';
  if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return raw;
  const copy = structuredClone(valid) as Record<string, unknown>;
  const keys = Object.keys(copy);
  const key = keys.length ? (keys[pick % keys.length] as string) : 'x';
  copy[key] = MARK;
  return JSON.stringify(copy).replace(`"${MARK}"`, () => raw);
}

/** Deep nesting: up to 32,000 levels of arrays (64,000 bytes, just under the cap) or objects. */
const nesting = fc
  .tuple(fc.constantFrom(100, 1000, 5000, 10_000, 20_000, 32_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : '{"a":'.repeat(Math.min(depth, 10_000)) + '1' + '}'.repeat(Math.min(depth, 10_000)),
  );

/** Strings around and over the caps: 16 KiB (analytics) and 64 KiB, up to ~100 KB. */
const hugeString = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 10_000, max: 100_000 }),
      fc.constantFrom(16_300, 16_400, 65_400, 65_536, 65_600),
    ),
    fc.constantFrom('x', 'é', '€', '😀', '\\u0000'),
  )
  .map(([bytes, unit]) => unit.repeat(Math.max(1, Math.floor(bytes / utf8(unit).length))));

const GARBAGE = [
  'x',
  '}',
  ']',
  ',',
  ',{}',
  '{}',
  '\u0000',
  ' garbage',
  '/* c */',
  '\n{"a":1}',
  '"',
];
const BROKEN = [
  '',
  ' ',
  '\n',
  'null',
  '[]',
  '{}',
  '""',
  '0',
  '{',
  '}',
  '{"a":',
  '[1,',
  'undefined',
  'NaN',
  '{a:1}',
  "{'a':1}",
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"a":01}',
  '{"a":1e400}',
  '{"a":"\\x"}',
  '{"a":"\\ud800"}',
];

/** JSON text: valid-looking, mutated, spliced, with garbage, or arbitrary. */
const jsonText = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 12, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 6, arbitrary: mutated(valid).map((v) => JSON.stringify(v)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.nat(), hugeString)
        .map(([v, pick, s]) => splice(v, pick, JSON.stringify(s))),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.nat(), nesting).map(([v, pick, n]) => splice(v, pick, n)),
    },
    { weight: 1, arbitrary: nesting },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...GARBAGE))
        .map(([v, g]) => JSON.stringify(v) + g),
    },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  );

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/JSON',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  '',
];
const contentType: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 14, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constantFrom<string | null>(...CONTENT_TYPES, null) },
);

/** Byte sequences that are not UTF-8: stray continuation bytes, overlongs, surrogates, … */
const INVALID_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0x80],
  [0xc0, 0x80],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc3],
];

function withBytes(
  text: string,
  pick: number,
  bad: number[],
  inString: boolean,
): Uint8Array<ArrayBuffer> {
  const bytes = utf8(text);
  // Inside a string value when there is one (after an opening quote), else anywhere.
  const quotes: number[] = [];
  bytes.forEach((b, i) => b === 0x22 && quotes.push(i + 1));
  const at =
    inString && quotes.length
      ? (quotes[pick % quotes.length] as number)
      : pick % (bytes.length + 1);
  const out = new Uint8Array(bytes.length + bad.length);
  out.set(bytes.subarray(0, at), 0);
  out.set(bad, at);
  out.set(bytes.subarray(at), at + bad.length);
  return out;
}

/** A request body for a JSON endpoint whose valid bodies `valid` draws. */
const payload = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<Payload> =>
  fc.oneof(
    {
      weight: 14,
      arbitrary: fc
        .tuple(jsonText(valid), contentType)
        .map(([text, type]) => ({ bytes: utf8(text), contentType: type })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.nat(),
          fc.constantFrom(...INVALID_UTF8),
          fc.boolean(),
          fc.constantFrom('application/json', 'text/plain'),
        )
        .map(([v, pick, bad, inString, type]) => ({
          bytes: withBytes(JSON.stringify(v), pick, bad, inString),
          contentType: type,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom('utf-16le', 'utf-16be-bom')).map(([v, enc]) => {
        const le = Buffer.from(JSON.stringify(v), 'utf16le');
        if (enc === 'utf-16le')
          return { bytes: new Uint8Array(le), contentType: 'application/json; charset=utf-16' };
        const be = Buffer.from(le).swap16();
        return { bytes: new Uint8Array([0xfe, 0xff, ...be]), contentType: 'application/json' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ bytes: new Uint8Array(0), contentType: 'application/json' }),
    },
  );

/** A path segment: one of `good`, or something no route should accept. */
const segment = (good: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: good.length ? fc.constantFrom(...good) : fc.constant('x') },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
        .map(encodeURIComponent),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%FF',
        '%E0%A4%A',
        '%',
        '%00',
        'a%00b',
        '%2e%2e',
        '%2F',
        'a%2Fb',
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'a'.repeat(121),
        'a'.repeat(1000),
        '%F0%9F%98%80',
      ),
    },
  );

/** A query-string value: mostly sane, sometimes broken encoding, huge or repeated. */
const queryValue = (good: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...good).map(encodeURIComponent) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }).map(encodeURIComponent),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '%FF',
        '%E0%A4%A',
        '%',
        '%00',
        'UTC%00',
        '..%2F..%2Fetc%2Fpasswd',
        '__proto__',
        'constructor',
        'UTC&tz=Europe/Berlin',
        'UTC&tz[]=x',
        'a'.repeat(65),
        'a'.repeat(4000),
        encodeURIComponent('\u202eUTC'),
      ),
    },
  );

const TIME_ZONES = [
  'UTC',
  'Europe/Berlin',
  'Asia/Kolkata',
  'America/St_Johns',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'Australia/Lord_Howe',
  'utc',
  'Europe/Nowhere',
];

// ---------------------------------------------------------------------------------------
// Valid-looking bodies, from each endpoint's zod schema

const questionId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...questionIds) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 80 }) },
);
const choiceIndex = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: 3 }) },
  { weight: 1, arbitrary: fc.integer() },
);

const answerBody = fc.record({ questionId, choiceIndex });
const attemptBody = fc.record({
  attemptId: fc.uuid(),
  topicId: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...topicIds) },
    { weight: 1, arbitrary: fc.string({ maxLength: 81 }) },
  ),
  answers: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 30 }),
});

const text = (max: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: max }),
    fc.string({ maxLength: max + 5 }),
    nastyString,
  );
const profileBody = fc.oneof(
  fc.record({ field: fc.constant('displayName'), value: text(80) }),
  fc.record({ field: fc.constant('jobTitle'), value: text(80) }),
  fc.record({
    field: fc.constant('profession'),
    value: fc.constantFrom<string>(...PROFESSIONS, 'Other'),
  }),
  fc.record({ field: fc.constant('level'), value: fc.constantFrom<string>(...LEVELS, 'God') }),
  fc.record({ field: fc.constant('headline'), value: text(120) }),
  fc.record({ field: fc.constant('bio'), value: text(1000) }),
  fc.record({
    field: fc.constant('links'),
    value: fc.array(
      fc.oneof(
        fc.webUrl(),
        fc.constantFrom(
          'javascript:alert(1)',
          'ftp://x.y',
          'http://',
          'https://a.b/' + 'x'.repeat(300),
        ),
      ),
      { maxLength: 6 },
    ),
  }),
  fc.record({
    field: fc.constant('dailyGoal'),
    value: fc.constantFrom<number>(...DAILY_GOAL_OPTIONS, 0, 25, 1000),
  }),
  fc.record({
    field: fc.constantFrom('email', 'stripeRole', 'photoURL', 'uid'),
    value: nastyString,
  }),
);

const settingsBody = fc.record(
  {
    profession: fc.constantFrom<string>(...PROFESSIONS, 'Other'),
    level: fc.constantFrom<string>(...LEVELS, 'God'),
    targetRole: fc.constantFrom<string>(...TARGET_PROFILE_IDS, 'astronaut'),
    dailyGoal: fc.constantFrom<number>(...DAILY_GOAL_OPTIONS, 0, 25, 1000),
    theme: fc.constantFrom<string>(...THEMES, 'system'),
    activeTeam: fc.oneof(nastyString, fc.constantFrom('no-such-team')),
    dictionary: fc.oneof(fc.array(text(41), { maxLength: 6 }), wrongValue),
    ifUnset: fc.constantFrom<unknown>(true, false, 'yes'),
  },
  { requiredKeys: [] },
);

const itemPatchBody = fc.record(
  {
    liked: fc.boolean(),
    status: fc.constantFrom<string>(...ITEM_STATUSES, 'deleted'),
    entries: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 8 }),
    showAgain: fc.boolean(),
    gameScore: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(-1, 101, 50.5)),
  },
  { requiredKeys: [] },
);

const kindAndItem = fc
  .constantFrom<string>(...ITEM_KINDS)
  .chain((kind) =>
    fc.tuple(
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(kind) },
        { weight: 1, arbitrary: segment(['words', 'user', 'items']) },
      ),
      segment(itemIdsOf(kind as ItemKind).slice(0, 40)),
    ),
  );

const cardId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...wordIds.slice(0, 40)).map((w) => `word:${w}`) },
  { weight: 3, arbitrary: fc.constantFrom(...questionIds.slice(0, 40)).map((q) => `grammar:${q}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'word:',
      ':',
      'insight:x',
      'word:nope',
      'grammar:deep-dive-999',
      'ab',
    ),
  },
);
const reviewBody = fc.record(
  { choiceIndex, reviewId: fc.uuid() },
  { requiredKeys: ['choiceIndex'] },
);

const syncOp = fc.oneof(
  fc.record({ opId: fc.uuid(), type: fc.constant('answer'), questionId, choiceIndex }),
  attemptBody.chain((a) =>
    fc.record({ opId: fc.uuid(), type: fc.constant('attempt') }).map((o) => ({ ...o, ...a })),
  ),
  kindAndItem.chain(([kind, itemId]) =>
    fc.record({
      opId: fc.uuid(),
      type: fc.constant('item'),
      kind: fc.constant(kind),
      itemId: fc.constant(decodeURIComponentSafe(itemId)),
      op: fc.constantFrom<string>(...LIST_OPS, 'delete'),
    }),
  ),
  kindAndItem.chain(([kind, itemId]) =>
    fc.record({
      opId: fc.uuid(),
      type: fc.constant('like'),
      kind: fc.constant(kind),
      itemId: fc.constant(decodeURIComponentSafe(itemId)),
      liked: fc.boolean(),
    }),
  ),
  fc.record({
    opId: fc.uuid(),
    type: fc.constant('review'),
    cardId,
    choiceIndex,
    tz: fc.constantFrom(...TIME_ZONES),
  }),
);
const syncBody = fc.record({ ops: fc.array(syncOp, { minLength: 1, maxLength: 6 }) });

const analyticsEvent = fc.oneof(
  fc.record(
    {
      type: fc.constant('page_view'),
      path: fc.oneof(
        fc.constantFrom('/', '/grammar', '/words/x'),
        text(40).map((s) => `/${s}`),
      ),
      hash: text(20),
    },
    { requiredKeys: ['type', 'path'] },
  ),
  fc.record(
    {
      type: fc.constant('event'),
      name: fc.oneof(
        fc.constantFrom('purchase', 'sign_up', 'Bad-Name'),
        fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/),
      ),
      value: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.double()),
      currency: fc.constantFrom('INR', 'USD', 'eur'),
    },
    { requiredKeys: ['type', 'name'] },
  ),
);
const analyticsBody = fc.record({
  events: fc.array(analyticsEvent, { minLength: 1, maxLength: 5 }),
});

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('a@b', 'x@example.com', ''),
  nastyString,
);
const deleteBody = fc.record({ confirmEmail: emailLike });
const skillBody = fc.record({
  score: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(0, 6, 2.5, -1)),
});

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// Better Auth's JSON endpoints.
const password = fc.oneof(
  fc.constant(PASSWORD),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('x'.repeat(129), '\u0000'.repeat(12)),
);
const signUpBody = fc.record(
  { email: emailLike, password, name: text(40) },
  { requiredKeys: ['email', 'password'] },
);
const signInBody = fc.record(
  { email: fc.oneof(emailLike, fc.constant('existing')), password },
  { requiredKeys: ['email'] },
);

// ---------------------------------------------------------------------------------------

/** A JSON-bodied call: method and path fixed or drawn, body from `valid`. */
const jsonCall = (
  method: Call['method'],
  path: fc.Arbitrary<string> | string,
  valid: fc.Arbitrary<unknown>,
  opts: { limit?: number; auth?: boolean; actors?: fc.Arbitrary<Actor> } = {},
): fc.Arbitrary<Call> =>
  fc
    .tuple(
      typeof path === 'string' ? fc.constant(path) : path,
      opts.actors ?? actor,
      payload(valid),
    )
    .map(([p, a, body]) => ({
      method,
      path: p,
      actor: a,
      payload: body,
      limit: opts.limit ?? API_BODY_LIMIT,
      ...(opts.auth ? { auth: true } : {}),
    }));

/** A call whose input is in the query string or the path (and whose body, if any, is noise). */
const queryCall = (method: Call['method'], path: fc.Arbitrary<string>): fc.Arbitrary<Call> =>
  fc
    .tuple(path, actor, fc.option(payload(fc.jsonValue({ maxDepth: 2 })), { nil: undefined }))
    .map(([p, a, body]) => ({
      method,
      path: p,
      actor: a,
      ...(body && method !== 'GET' ? { payload: body, limit: API_BODY_LIMIT } : {}),
    }));

/** A JSON body as sent by a well-behaved client, for the hand-picked examples. */
const json = (
  method: Call['method'],
  path: string,
  body: unknown,
  extra: Partial<Call> = {},
): Call => ({
  method,
  path,
  actor: 'user',
  payload: { bytes: utf8(JSON.stringify(body)), contentType: 'application/json' },
  limit: API_BODY_LIMIT,
  ...extra,
});
const NUL = 'a\u0000b';

let storagePaths: string[] = [];
/** The fuzzing user's team (with `other` in it), its membership ids and an open invitation. */
const FUZZ_TEAM = 'fuzz-team';
let memberIds: string[] = [];
let invitationIds: string[] = [];
/** Assignments of the fuzzing user's teams (and an id that is none). */
const assignmentIds: string[] = [];

beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  // Confirmed: creating teams and inviting take a confirmed address.
  user = await createUser(t, { name: 'Fuzz User', verified: true });
  other = await createUser(t, { name: 'Other User' });
  // A stored file, so storage paths that exist (and paths of someone else's) get tried.
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const up = await t.fetch('/api/storage/upload?folder=doodles', {
    method: 'POST',
    headers: { Cookie: user.cookie, 'Content-Type': 'image/png' },
    body: png,
  });
  const stored = (await up.json()) as { metadata: { fullPath: string } };
  storagePaths = [
    stored.metadata.fullPath,
    `users/${user.id}/doodles/00000000-0000-4000-8000-000000000000.png`,
    `users/${other.id}/doodles/00000000-0000-4000-8000-000000000000.png`,
    `users/${user.id}/profile/00000000-0000-4000-8000-000000000000.jpg`,
    `users/${user.id}/../${other.id}/doodles/00000000-0000-4000-8000-000000000000.png`,
  ];
  const as = (cookie: string, method: string, path: string, body?: unknown) =>
    t.fetch(path, {
      method,
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  for (const slug of [FUZZ_TEAM, `${FUZZ_TEAM}-2`])
    await as(user.cookie, 'POST', '/api/teams', { name: 'Fuzz team', slug });
  const invite = async (email: string) =>
    (
      (await (
        await as(user.cookie, 'POST', `/api/teams/${FUZZ_TEAM}/invitations`, {
          email,
          role: 'member',
        })
      ).json()) as { id: string }
    ).id;
  await as(other.cookie, 'POST', `/api/teams/invitations/${await invite(other.email)}/accept`);
  invitationIds = [await invite('someone-else@example.com'), 'no-such-invitation'];
  const members = await t.db.db.selectFrom('member').select('id').execute();
  memberIds = members.map((m) => m.id);
  for (const [slug, body] of [
    [FUZZ_TEAM, { kind: 'deep-dive', contentId: DEEP_DIVE_CONTENT_ID }],
    [FUZZ_TEAM, { kind: 'topic', contentId: topicIds[0], members: [other.id] }],
    [`${FUZZ_TEAM}-2`, { kind: 'deep-dive', contentId: DEEP_DIVE_CONTENT_ID }],
  ] as const) {
    const res = await as(user.cookie, 'POST', `/api/teams/${slug}/assignments`, body);
    if (res.status !== 201) throw new Error(`setup assignment: ${res.status} ${await res.text()}`);
    assignmentIds.push(((await res.json()) as { id: string }).id);
  }
  assignmentIds.push('no-such-assignment');
}, 60_000);
afterAll(() => t?.close());

describe(`fuzzing (${testDialect}, seed ${SEED})`, { timeout: 120_000 }, () => {
  it('the digest sees a write and ignores a read', async () => {
    const before = await dbDigest(t.db.db);
    expect(await dbDigest(t.db.db)).toBe(before);
    await t.fetch('/api/me', { headers: { Cookie: user.cookie } });
    expect(await dbDigest(t.db.db)).toBe(before);
    const res = await t.fetch('/api/profile', {
      method: 'PATCH',
      headers: { Cookie: user.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ field: 'headline', value: 'digest probe' }),
    });
    expect(res.status).toBe(200);
    expect(await dbDigest(t.db.db)).not.toBe(before);
  });

  it('a body of exactly 64 KiB is read; one byte more is 413', async () => {
    const at = (n: number) => {
      const shell = JSON.stringify({ field: 'bio', value: '' });
      return JSON.stringify({ field: 'bio', value: 'x'.repeat(n - shell.length) });
    };
    for (const [size, status] of [
      [API_BODY_LIMIT, 400],
      [API_BODY_LIMIT + 1, 413],
    ] as const) {
      const body = at(size);
      expect(utf8(body).length).toBe(size);
      await check({
        method: 'PATCH',
        path: '/api/profile',
        actor: 'user',
        payload: { bytes: utf8(body), contentType: 'application/json' },
        limit: API_BODY_LIMIT,
      });
      const res = await send({
        method: 'PATCH',
        path: '/api/profile',
        actor: 'user',
        payload: { bytes: utf8(body), contentType: 'application/json' },
      });
      expect(res.status).toBe(status);
    }
    await afterProperty();
  });

  it('PATCH /api/profile', () =>
    fuzz(jsonCall('PATCH', '/api/profile', profileBody), 60, [
      ...['displayName', 'jobTitle', 'headline', 'bio'].map((field) =>
        json('PATCH', '/api/profile', { field, value: NUL }),
      ),
      json('PATCH', '/api/profile', { field: 'links', value: [`https://example.com/${NUL}`] }),
      json('PATCH', '/api/profile', { field: 'bio', value: '\ud800' }),
      json(
        'PATCH',
        '/api/profile',
        JSON.parse('{"field":"bio","value":"x","__proto__":{"fuzzPolluted":true}}'),
      ),
    ]));

  it('PATCH /api/settings', () =>
    fuzz(jsonCall('PATCH', '/api/settings', settingsBody), 60, [
      json('PATCH', '/api/settings', { theme: 'dark', activeTeam: NUL }),
      json('PATCH', '/api/settings', JSON.parse('{"theme":"dark","__proto__":{"x":1}}')),
    ]));

  it('POST /api/writing/check (guests too; nothing stored)', () =>
    fuzz(
      jsonCall(
        'POST',
        '/api/writing/check',
        fc.record({
          text: fc.oneof(
            text(400),
            fc.constantFrom('We have less bugs.', 'x'.repeat(10_001), `I have went 😀 ${NUL}`),
          ),
        }),
      ),
      RUNS,
      [json('POST', '/api/writing/check', { text: `Between you and I${NUL}` })],
    ));

  it('DELETE /api/me', () => fuzz(jsonCall('DELETE', '/api/me', deleteBody)));

  /** A grammar write's path with the goal's `?tz=` (or none: UTC). */
  const grammarWrite = (path: string) =>
    fc.option(queryValue(TIME_ZONES)).map((tz) => (tz === null ? path : `${path}?tz=${tz}`));

  it('POST /api/grammar/answers?tz=', () =>
    fuzz(jsonCall('POST', grammarWrite('/api/grammar/answers'), answerBody), RUNS, [
      json('POST', '/api/grammar/answers', { questionId: NUL, choiceIndex: 0 }),
      json('POST', '/api/grammar/answers?tz=%00', {
        questionId: 'deep-dive-1',
        choiceIndex: 0,
      }),
    ]));

  it('POST /api/grammar/attempts?tz=', () =>
    fuzz(jsonCall('POST', grammarWrite('/api/grammar/attempts'), attemptBody)));

  it('PATCH /api/items/:kind/:itemId', () =>
    fuzz(
      jsonCall(
        'PATCH',
        kindAndItem.map(([k, i]) => `/api/items/${k}/${i}`),
        itemPatchBody,
      ),
      60,
      [
        json('PATCH', `/api/items/word/${itemIdsOf('word')[0]}`, {
          entries: [NUL, { [NUL]: NUL }],
        }),
        {
          ...json('PATCH', `/api/items/word/${itemIdsOf('word')[0]}`, {}),
          payload: {
            bytes: utf8(`{"entries":[${'['.repeat(5000)}${']'.repeat(5000)}]}`),
            contentType: 'application/json',
          },
        },
        json('PATCH', `/api/items/word/a%00b`, { liked: true }),
      ],
    ));

  it('POST /api/items/:kind/:itemId/:op and /visit', () =>
    fuzz(
      queryCall(
        'POST',
        fc
          .tuple(kindAndItem, segment([...LIST_OPS, 'visit']))
          .map(([[k, i], op]) => `/api/items/${k}/${i}/${op}`),
      ),
    ));

  it('GET /api/items/:kind and /:kind/:itemId', () =>
    fuzz(
      queryCall(
        'GET',
        fc.oneof(
          kindAndItem.map(([k]) => `/api/items/${k}`),
          kindAndItem.map(([k, i]) => `/api/items/${k}/${i}`),
        ),
      ),
      25,
    ));

  it('POST /api/review/:cardId/answer?tz=', () =>
    fuzz(
      jsonCall(
        'POST',
        fc
          .tuple(cardId.map(encodeURIComponent), fc.option(queryValue(TIME_ZONES)))
          .map(([c, tz]) => `/api/review/${c}/answer${tz === null ? '' : `?tz=${tz}`}`),
        reviewBody,
      ),
      50,
    ));

  it('PUT /api/skills/:skillId', () =>
    fuzz(
      jsonCall(
        'PUT',
        segment(skills).map((s) => `/api/skills/${s}`),
        skillBody,
      ),
    ));

  it('POST /api/sync', () =>
    fuzz(jsonCall('POST', '/api/sync', syncBody), 60, [
      json('POST', '/api/sync', {
        ops: [
          {
            opId: '6f1c2a4e-0000-4000-8000-000000000001',
            type: 'item',
            kind: 'word',
            itemId: NUL,
            op: 'plan',
          },
          {
            opId: '6f1c2a4e-0000-4000-8000-000000000002',
            type: 'answer',
            questionId: NUL,
            choiceIndex: 0,
          },
          {
            opId: '6f1c2a4e-0000-4000-8000-000000000003',
            type: 'review',
            cardId: `word:${NUL}`,
            choiceIndex: 0,
            tz: 'UTC',
          },
        ],
      }),
    ]));

  it('POST /api/analytics/events (16 KiB cap, text/plain allowed, guests too)', () =>
    fuzz(
      jsonCall('POST', '/api/analytics/events', analyticsBody, { limit: ANALYTICS_BODY_LIMIT }),
      RUNS,
      [
        json(
          'POST',
          '/api/analytics/events',
          { events: [{ type: 'page_view', path: `/${NUL}`, hash: NUL }] },
          { limit: ANALYTICS_BODY_LIMIT },
        ),
        json(
          'POST',
          '/api/analytics/events',
          { events: [{ type: 'page_view', path: '/\ud800' }] },
          { limit: ANALYTICS_BODY_LIMIT, actor: 'guest' },
        ),
      ],
    ));

  it('GET /api/dashboard?tz=, /api/review?tz=&mode=, /api/review/count?tz=', () =>
    fuzz(
      queryCall(
        'GET',
        fc
          .tuple(
            fc.constantFrom('/api/dashboard', '/api/review', '/api/review/count'),
            fc.option(queryValue(TIME_ZONES)),
            fc.option(queryValue(['catch-up', 'today'])),
          )
          .map(([p, tz, mode]) => {
            const q = [tz === null ? null : `tz=${tz}`, mode === null ? null : `mode=${mode}`]
              .filter(Boolean)
              .join('&');
            return q ? `${p}?${q}` : p;
          }),
      ),
      50,
      [
        { method: 'GET', path: '/api/dashboard?tz=UTC%00', actor: 'user' },
        { method: 'GET', path: '/api/review?tz=%FF&mode=%00', actor: 'user' },
      ],
    ));

  it('/api/storage/{metadata,url,revoke,object}?path=', () =>
    fuzz(
      fc
        .tuple(
          fc.constantFrom<[Call['method'], string]>(
            ['GET', '/api/storage/metadata'],
            ['GET', '/api/storage/url'],
            ['POST', '/api/storage/url'],
            ['POST', '/api/storage/revoke'],
            ['DELETE', '/api/storage/object'],
          ),
          fc.option(queryValue(storagePaths.length ? storagePaths : ['x'])),
          actor,
        )
        .map(([[method, path], p, a]) => ({
          method,
          path: p === null ? path : `${path}?path=${p}`,
          actor: a,
        })),
      50,
      [
        {
          method: 'GET',
          path: `/api/storage/metadata?path=users%2F${user.id}%00%2Fdoodles`,
          actor: 'user',
        },
      ],
    ));

  it('POST /api/billing/{checkout,portal,webhook} (payments not configured)', () =>
    fuzz(
      fc
        .tuple(
          fc.constantFrom('/api/billing/checkout', '/api/billing/portal', '/api/billing/webhook'),
          actor,
          payload(
            fc.record({ id: fc.string(), type: fc.constantFrom('checkout.session.completed') }),
          ),
        )
        .map(([path, a, body]) => ({
          method: 'POST' as const,
          path,
          actor: a,
          payload: body,
          ...(path.endsWith('webhook') ? {} : { limit: API_BODY_LIMIT }),
        })),
      25,
    ));

  it('Better Auth: sign-up, sign-in, password reset, verification email', () =>
    fuzz(
      fc.oneof(
        jsonCall('POST', '/api/auth/sign-up/email', signUpBody, { auth: true }),
        jsonCall(
          'POST',
          '/api/auth/sign-in/email',
          signInBody.map((b) => (b.email === 'existing' ? { ...b, email: user.email } : b)),
          { auth: true, actors: fc.constant<Actor>('guest') },
        ),
        jsonCall(
          'POST',
          '/api/auth/request-password-reset',
          fc.record({
            email: emailLike,
            redirectTo: fc.constantFrom('/reset', 'https://evil.example/'),
          }),
          { auth: true },
        ),
        jsonCall(
          'POST',
          '/api/auth/reset-password',
          fc.record({ token: fc.string(), newPassword: password }),
          { auth: true },
        ),
        jsonCall('POST', '/api/auth/send-verification-email', fc.record({ email: emailLike }), {
          auth: true,
        }),
      ),
      50,
      [
        json(
          'POST',
          '/api/auth/sign-up/email',
          { email: 'nul-name@example.com', password: PASSWORD, name: NUL },
          { auth: true, actor: 'guest' },
        ),
        json(
          'POST',
          '/api/auth/sign-up/email',
          { email: `nul${NUL}@example.com`, password: PASSWORD, name: 'x' },
          { auth: true, actor: 'guest' },
        ),
        json(
          'POST',
          '/api/auth/sign-in/email',
          { email: `nul${NUL}@example.com`, password: PASSWORD },
          { auth: true, actor: 'guest' },
        ),
        json(
          'POST',
          '/api/auth/request-password-reset',
          { email: `nul${NUL}@example.com` },
          { auth: true, actor: 'guest' },
        ),
      ],
    ));

  it('POST /api/teams', () =>
    fuzz(
      jsonCall(
        'POST',
        '/api/teams',
        fc.record({
          name: text(70),
          slug: fc.oneof(
            fc.stringMatching(/^[a-z0-9]{3,12}(-[a-z0-9]{1,8})?$/),
            fc.constantFrom(FUZZ_TEAM, 'invitations', 'assignments', 'a--b', 'x'.repeat(41)),
            text(50),
          ),
        }),
      ),
      RUNS,
      [json('POST', '/api/teams', { name: NUL, slug: 'nul-team' })],
      () => clearTeamLimits(t.db.db),
    ));

  const teamSlug = () => segment([FUZZ_TEAM, 'no-such-team', 'invitations']);

  it('PATCH /api/teams/:slug (rename)', () =>
    fuzz(
      jsonCall(
        'PATCH',
        teamSlug().map((slug) => `/api/teams/${slug}`),
        fc.record({ name: fc.oneof(fc.constantFrom('Fuzz team', 'Renamed team'), text(70)) }),
      ),
      40,
      [json('PATCH', `/api/teams/${FUZZ_TEAM}`, { name: `Fuzz ${NUL}` })],
    ));

  it('POST /api/teams/:slug/invitations and PATCH /api/teams/:slug/members/:id', () =>
    fuzz(
      fc.oneof(
        jsonCall(
          'POST',
          teamSlug().map((slug) => `/api/teams/${slug}/invitations`),
          fc.record({
            email: fc.oneof(fc.emailAddress(), text(60)),
            role: fc.constantFrom('member', 'admin', 'owner', 'boss'),
          }),
        ),
        jsonCall(
          'PATCH',
          fc
            .tuple(teamSlug(), segment(memberIds))
            .map(([slug, id]) => `/api/teams/${slug}/members/${id}`),
          fc.record({ role: fc.constantFrom('member', 'admin', 'owner', 'boss') }),
        ),
      ),
      RUNS,
      [
        json('POST', `/api/teams/${FUZZ_TEAM}/invitations`, {
          email: `a${NUL}@example.com`,
          role: 'member',
        }),
      ],
      () => clearTeamLimits(t.db.db),
    ));

  it('bulk invitations, the join link and joining by it', () =>
    fuzz(
      fc.oneof(
        jsonCall(
          'POST',
          teamSlug().map((slug) => `/api/teams/${slug}/invitations/bulk`),
          fc.record({
            emails: fc.oneof(
              fc.array(fc.emailAddress(), { maxLength: 5 }).map((a) => a.join(', ')),
              text(300),
            ),
            role: fc.constantFrom('member', 'admin', 'owner'),
          }),
        ),
        jsonCall(
          'PUT',
          teamSlug().map((slug) => `/api/teams/${slug}/join-link`),
          fc.record({
            emailDomain: fc.oneof(fc.domain(), fc.constant(null), text(40)),
          }),
        ),
        queryCall(
          'POST',
          teamSlug().map((slug) => `/api/teams/${slug}/join-link/regenerate`),
        ),
        queryCall(
          'DELETE',
          teamSlug().map((slug) => `/api/teams/${slug}/join-link`),
        ),
        queryCall(
          'GET',
          segment(['A'.repeat(32), 'short']).map((token) => `/api/teams/join/${token}`),
        ),
        queryCall(
          'POST',
          segment(['A'.repeat(32), 'short']).map((token) => `/api/teams/join/${token}`),
        ),
        queryCall(
          'GET',
          segment(invitationIds).map((id) => `/api/teams/invitations/${id}/preview`),
        ),
      ),
      RUNS,
      [
        json('POST', `/api/teams/${FUZZ_TEAM}/invitations/bulk`, {
          emails: `a${NUL}@example.com`,
          role: 'member',
        }),
        json('PUT', `/api/teams/${FUZZ_TEAM}/join-link`, { emailDomain: `a${NUL}.example` }),
      ],
      () => clearTeamLimits(t.db.db),
    ));

  it('/api/teams/:slug, /active, /leave, /invitations/:id and the invitation answers', () =>
    fuzz(
      fc.oneof(
        queryCall(
          'GET',
          teamSlug().map((slug) => `/api/teams/${slug}`),
        ),
        queryCall(
          'POST',
          fc
            .tuple(teamSlug(), fc.constantFrom('active', 'leave'))
            .map(([slug, what]) => `/api/teams/${slug}/${what}`),
        ),
        queryCall(
          'DELETE',
          segment([`${FUZZ_TEAM}-2`, 'no-such-team']).map((slug) => `/api/teams/${slug}`),
        ),
        queryCall(
          'DELETE',
          fc
            .tuple(teamSlug(), segment(invitationIds))
            .map(([slug, id]) => `/api/teams/${slug}/invitations/${id}`),
        ),
        queryCall(
          'GET',
          segment(invitationIds).map((id) => `/api/teams/invitations/${id}`),
        ),
        queryCall(
          'POST',
          fc
            .tuple(segment(invitationIds), fc.constantFrom('accept', 'decline'))
            .map(([id, what]) => `/api/teams/invitations/${id}/${what}`),
        ),
      ),
      60,
    ));

  /** A valid-looking assignment: a kind, mostly with one of its own ids, sometimes another's. */
  const assignmentBody = fc.constantFrom<string>(...ASSIGNMENT_KINDS, 'recipe').chain((kind) =>
    fc.record(
      {
        kind: fc.constant(kind),
        contentId: fc.oneof(
          {
            weight: 6,
            arbitrary: fc.constantFrom(
              ...(assignableIds[kind as (typeof ASSIGNMENT_KINDS)[number]] ?? ['x']),
            ),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              ...Object.values(assignableIds).flat(),
              '__proto__',
              'constructor',
              'hasOwnProperty',
              'x'.repeat(101),
            ),
          },
          { weight: 1, arbitrary: text(110) },
        ),
        dueOn: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('2099-01-31', '2020-01-01', '2028-02-29') },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              '2026-02-30',
              '2027-02-29',
              '2026-13-01',
              '99999-01-01',
              'tomorrow',
            ),
          },
          { weight: 1, arbitrary: fc.constant(null) },
          {
            weight: 1,
            arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
          },
        ),
        note: fc.oneof(
          { weight: 3, arbitrary: fc.string({ maxLength: 280 }) },
          { weight: 1, arbitrary: text(300) },
        ),
        // Mostly people of the team (or none: the whole team), sometimes anyone or anything.
        members: fc.oneof(
          { weight: 4, arbitrary: fc.subarray([user.id, other.id]) },
          {
            weight: 1,
            arbitrary: fc.array(
              fc.oneof(
                fc.constantFrom(user.id, other.id, 'no-such-user', '__proto__'),
                fc.string({ maxLength: 110 }),
              ),
              { maxLength: 5 },
            ),
          },
        ),
      },
      { requiredKeys: ['kind', 'contentId'] },
    ),
  );
  const progressQuery = fc
    .tuple(fc.option(queryValue(TIME_ZONES)), fc.option(queryValue([...targetProfileIds, 'x'])))
    .map(([tz, target]) => {
      const q = [tz === null ? null : `tz=${tz}`, target === null ? null : `target=${target}`]
        .filter(Boolean)
        .join('&');
      return q ? `?${q}` : '';
    });

  it('POST /api/teams/:slug/assignments', () =>
    fuzz(
      jsonCall(
        'POST',
        // Mostly the fuzzing user's own team, so valid bodies get through.
        segment([
          FUZZ_TEAM,
          FUZZ_TEAM,
          FUZZ_TEAM,
          `${FUZZ_TEAM}-2`,
          'no-such-team',
          'invitations',
        ]).map((slug) => `/api/teams/${slug}/assignments`),
        assignmentBody,
      ),
      60,
      [
        // Each kind assigned as a client would, to the team or a chosen member: the happy path.
        ...ASSIGNMENT_KINDS.map((kind, i) =>
          json('POST', `/api/teams/${FUZZ_TEAM}/assignments`, {
            kind,
            contentId: assignableIds[kind][0],
            dueOn: i % 2 ? '2099-01-31' : null,
            note: `Fuzz ${kind}`,
            ...(i % 2 ? { members: [other.id] } : {}),
          }),
        ),
        json('POST', `/api/teams/${FUZZ_TEAM}/assignments`, {
          kind: 'topic',
          contentId: topicIds[0],
          note: NUL,
        }),
        json('POST', `/api/teams/${FUZZ_TEAM}/assignments`, { kind: 'topic', contentId: NUL }),
        json('POST', `/api/teams/${FUZZ_TEAM}/assignments`, {
          kind: 'deep-dive',
          contentId: DEEP_DIVE_CONTENT_ID,
          members: [NUL],
        }),
        json('POST', `/api/teams/${FUZZ_TEAM}/assignments`, {
          kind: 'deep-dive',
          contentId: DEEP_DIVE_CONTENT_ID,
          members: Array.from({ length: 1000 }, (_, i) => `no-such-user-${i}`),
        }),
        json('POST', `/api/teams/${FUZZ_TEAM}/assignments`, {
          kind: 'interview-list',
          contentId: '__proto__',
        }),
        json(
          'POST',
          `/api/teams/${FUZZ_TEAM}/assignments`,
          JSON.parse(
            '{"kind":"deep-dive","contentId":"deep-dive","__proto__":{"fuzzPolluted":true}}',
          ),
        ),
      ],
    ));

  // Before the test below, which deletes some of these assignments.
  it('PATCH /api/teams/:slug/assignments/:id', () =>
    fuzz(
      jsonCall(
        'PATCH',
        fc
          .tuple(segment([FUZZ_TEAM, `${FUZZ_TEAM}-2`, 'no-such-team']), segment(assignmentIds))
          .map(([slug, id]) => `/api/teams/${slug}/assignments/${id}`),
        fc.record(
          {
            dueOn: fc.oneof(
              fc.constantFrom('2099-01-31', '2028-02-29', '2027-02-29', null),
              text(12),
            ),
            note: fc.oneof(fc.constantFrom('', 'Before the pricing review'), text(300)),
          },
          { requiredKeys: [] },
        ),
      ),
      50,
      [
        json('PATCH', `/api/teams/${FUZZ_TEAM}/assignments/${assignmentIds[0]}`, {
          dueOn: null,
          note: '',
        }),
        json('PATCH', `/api/teams/${FUZZ_TEAM}/assignments/${assignmentIds[0]}`, { note: NUL }),
        json('PATCH', `/api/teams/${FUZZ_TEAM}/assignments/${assignmentIds[2]}`, {
          dueOn: '2099-01-31',
        }),
      ],
    ));

  it('GET and DELETE /api/teams/:slug/assignments(/:id), GET /api/teams/assignments', () =>
    fuzz(
      fc.oneof(
        queryCall('GET', fc.constant('/api/teams/assignments')),
        queryCall(
          'GET',
          teamSlug().map((slug) => `/api/teams/${slug}/assignments`),
        ),
        queryCall(
          'DELETE',
          fc
            .tuple(segment([FUZZ_TEAM, `${FUZZ_TEAM}-2`, 'no-such-team']), segment(assignmentIds))
            .map(([slug, id]) => `/api/teams/${slug}/assignments/${id}`),
        ),
      ),
      50,
      [
        // One that exists (200), the same again (404), and the other team's through this one.
        ...[0, 0, 2].map((i): Call => ({
          method: 'DELETE',
          path: `/api/teams/${FUZZ_TEAM}/assignments/${assignmentIds[i]}`,
          actor: 'user',
        })),
        { method: 'DELETE', path: `/api/teams/${FUZZ_TEAM}/assignments/a%00b`, actor: 'user' },
        { method: 'GET', path: '/api/teams/a%00b/assignments', actor: 'user' },
      ],
    ));

  it('GET /api/teams/:slug/progress and progress.csv ?tz=&target=', () =>
    fuzz(
      queryCall(
        'GET',
        fc
          .tuple(teamSlug(), fc.constantFrom('progress', 'progress.csv'), progressQuery)
          .map(([slug, what, q]) => `/api/teams/${slug}/${what}${q}`),
      ),
      60,
      [
        { method: 'GET', path: `/api/teams/${FUZZ_TEAM}/progress?tz=UTC%00`, actor: 'user' },
        { method: 'GET', path: `/api/teams/${FUZZ_TEAM}/progress?target=a%00b`, actor: 'user' },
        {
          method: 'GET',
          path: `/api/teams/${FUZZ_TEAM}/progress.csv?tz=%FF&target=%00`,
          actor: 'user',
        },
        {
          method: 'GET',
          path: `/api/teams/${FUZZ_TEAM}/progress?target=__proto__&target=x`,
          actor: 'user',
        },
      ],
    ));

  // After the other team tests: a removal that succeeds takes `other` out of the fuzz team.
  it('DELETE /api/teams/:slug/members/:id', () =>
    fuzz(
      queryCall(
        'DELETE',
        fc
          .tuple(teamSlug(), segment(memberIds))
          .map(([slug, id]) => `/api/teams/${slug}/members/${id}`),
      ),
      60,
    ));

  it('Better Auth, signed in: update-user and change-password', () =>
    fuzz(
      fc.oneof(
        jsonCall(
          'POST',
          '/api/auth/update-user',
          fc.record({ name: text(40), image: fc.option(fc.webUrl()) }),
          {
            auth: true,
          },
        ),
        jsonCall(
          'POST',
          '/api/auth/change-password',
          fc.record({
            currentPassword: fc.string(),
            newPassword: password,
            revokeOtherSessions: fc.boolean(),
          }),
          { auth: true },
        ),
      ),
      30,
      [json('POST', '/api/auth/update-user', { name: NUL }, { auth: true })],
    ));
});
