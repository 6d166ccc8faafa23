// `npm run bench`, second part (issue 32): what one learner's history and a team's size cost.
//
// - History: learners with a year of history (quiz runs, first answers, review answers,
//   visits and word cards spread over 365 days in sessions, inserted with SQL in bulk in the
//   shape the app writes them) against learners with 20 answers made through the API. Per
//   request: the server's CPU (and on PostgreSQL the database's, from its backends' /proc
//   times), the response size and the heavy/light ratio, for the dashboard, Today's glance,
//   the grammar stats, the review queue and a first answer.
// - Teams: teams of 100, 1,000 and 5,000 members (bulk SQL: accounts, memberships, a month of
//   points, topic and skill scores, assignments): an admin's report page and overview, the
//   streamed CSV (time, server CPU and the server's peak RSS), the admin's assignments list and
//   a member's own row; then the answer p99 of 100 learners with and without one admin
//   loading the 5,000-member report in a loop.
//
// The fixtures go in through the database's own write path: the tables the app writes, so the
// aggregates the database keeps (migration 0019's triggers) are maintained as for any write.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/** Server CPU µs per request targets (issue 32), PostgreSQL: app + database. */
export const SCALE_TARGETS = {
  dashboard: 2000,
  today: 2000,
  stats: 2000,
  review: 2000,
  answer: 300,
  statsBytes: 20_000,
  heavyRatio: 1.5,
  reportPage: 20_000,
  overview: 20_000,
  csvMs: 2000,
  rssMiB: 300,
  answerP99UnderLoad: 50,
};

const DAY = 24 * 3600 * 1000;
const HEAVY = { users: 3, answers: 4700, quizzes: 100, reviews: 3000, visits: 2000, words: 192 };
/** Content questions each heavy learner leaves unanswered, for the timed first answers. */
const LEFT_FOR_TIMED = 150;
const LIGHT = { users: 3, answers: 20 };
const TAGS = ['grammar', 'writing', 'communication', 'clarity'];
const TEAM_SIZES = (process.env.BENCH_TEAMS ?? '100,1000,5000').split(',').map(Number);

/** A deterministic generator, so every run inserts the same history. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------
// The app's database, opened beside the running server.

/** Bulk inserts and queries on the app's database, SQLite (WAL, beside the server) or PostgreSQL. */
export async function openDb(app) {
  const q = (id) => `"${id}"`;
  if (app.databaseUrl) {
    const c = new pg.Client({ connectionString: app.databaseUrl });
    await c.connect();
    return {
      async insert(table, cols, rows) {
        const per = Math.max(1, Math.floor(30_000 / cols.length));
        for (let i = 0; i < rows.length; i += per) {
          const chunk = rows.slice(i, i + per);
          const params = [];
          const values = chunk.map(
            (r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(',')})`,
          );
          await c.query(
            `insert into ${q(table)} (${cols.map(q).join(',')}) values ${values.join(',')} on conflict do nothing`,
            params,
          );
        }
      },
      async all(sql, params = []) {
        let n = 0;
        return (
          await c.query(
            sql.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows;
      },
      close: () => c.end(),
    };
  }
  const db = new Database(join(app.dataDir, 'skillway.db'));
  db.pragma('busy_timeout = 10000');
  return {
    async insert(table, cols, rows) {
      const stmt = db.prepare(
        `insert into ${q(table)} (${cols.map(q).join(',')}) values (${cols.map(() => '?').join(',')}) on conflict do nothing`,
      );
      const many = db.transaction((list) => {
        for (const r of list) stmt.run(...r);
      });
      for (let i = 0; i < rows.length; i += 5000) many(rows.slice(i, i + 5000));
    },
    async all(sql, params = []) {
      const stmt = db.prepare(sql);
      return stmt.reader ? stmt.all(...params) : (stmt.run(...params), []);
    },
    close: async () => db.close(),
  };
}

const userId = async (db, email) =>
  (await db.all('select id from "user" where email = ?', [email]))[0].id;

// ---------------------------------------------------------------------------------------
// A year of one learner's history.

/**
 * Rows for a learner who practised on ~70 % of the last 365 days, in one session a day: each
 * session holds its share of the answers, quiz runs, review answers and visits, a few
 * seconds apart, as the app records them (points ledger rows with 'total' and a tag for a right
 * first answer or quiz, a 'total' row for a right review answer, a review card for a wrong
 * grammar answer, a visit and its item row for a word).
 */
function yearRows(uid, content, now, seed) {
  const r = rng(seed);
  const sessions = [];
  for (let d = 364; d >= 0; d--) {
    if (r() < 0.7 || d === 0)
      sessions.push(now - d * DAY - (0.1 + r() * 0.8) * (d === 0 ? 0.2 * DAY : DAY));
  }
  const clock = sessions.map((s) => s);
  let next = 0;
  const at = () => {
    const i = next++ % sessions.length;
    clock[i] += 15_000 + Math.floor(r() * 30_000);
    return new Date(Math.min(clock[i], now - 1000)).toISOString();
  };
  const rows = {
    grammar_answer: [],
    points_event: [],
    quiz_attempt: [],
    topic_score: new Map(),
    review_card: [],
    review_log: [],
    item_visit: [],
    user_item: new Map(),
  };
  const ledger = (source, points, t, tag) => {
    rows.points_event.push([uid, source, 'total', points, t]);
    if (tag) rows.points_event.push([uid, source, tag, points, t]);
  };
  const answered = content.questions.slice(0, content.questions.length - LEFT_FOR_TIMED);
  const old = HEAVY.answers - answered.length;
  let grammarCards = 0;
  for (let i = 0; i < HEAVY.answers; i++) {
    const t = at();
    const id = i < old ? `retired-topic-${i % 40}-${i}` : answered[i - old].id;
    const correct = r() < 0.7 ? 1 : 0;
    rows.grammar_answer.push([uid, id, correct ? 0 : 1, correct, t]);
    if (correct) ledger(`question:${id}`, 10, t, TAGS[i % TAGS.length]);
    else if (i >= old && grammarCards++ < 300)
      rows.review_card.push(cardRow(uid, `grammar:${id}`, 'grammar', id, t, now, r));
  }
  const topics = content.topics;
  for (let i = 0; i < HEAVY.quizzes; i++) {
    const t = at();
    const id = `bench-attempt-${uid}-${i}`;
    const topic = topics[i % topics.length];
    const correct = 5 + Math.floor(r() * 6);
    rows.quiz_attempt.push([
      uid,
      id,
      topic,
      '[0,0,0,0,0,0,0,0,0,0]',
      null,
      correct,
      10,
      correct * 10,
      t,
    ]);
    rows.topic_score.set(topic, [uid, topic, correct * 10, t]);
    ledger(`attempt:${id}`, correct * 10, t, TAGS[i % TAGS.length]);
  }
  const words = content.words.slice(0, HEAVY.words);
  for (const w of words) rows.review_card.push(cardRow(uid, `word:${w}`, 'word', w, at(), now, r));
  for (let i = 0; i < HEAVY.reviews; i++) {
    const t = at();
    const id = `bench-review-${uid}-${i}`;
    const correct = r() < 0.8 ? 1 : 0;
    const card = `word:${words[i % words.length]}`;
    rows.review_log.push([
      id,
      uid,
      card,
      correct ? 3 : 1,
      2,
      t,
      5,
      5,
      3,
      3,
      5,
      0,
      t,
      2,
      t,
      6,
      5,
      6,
      0,
      0,
      null,
      correct,
    ]);
    if (correct) rows.points_event.push([uid, `review:${id}`, 'total', 10, t]);
  }
  for (let i = 0; i < HEAVY.visits; i++) {
    const t = at();
    const w = words[i % words.length];
    rows.item_visit.push([uid, 'word', w, t]);
    const item = rows.user_item.get(w);
    if (item) {
      item[3]++;
      item[15] = t;
    } else
      rows.user_item.set(w, [
        uid,
        'word',
        w,
        1,
        0,
        null,
        '[]',
        1,
        null,
        r() < 0.1 ? t : null,
        r() < 0.5 ? t : null,
        null,
        null,
        t,
        t,
        t,
      ]);
  }
  return rows;
}

function cardRow(uid, cardId, kind, itemId, t, now, r) {
  const due = new Date(now + (r() - 0.3) * 20 * DAY).toISOString();
  return [uid, cardId, kind, itemId, due, 5, 5, 3, 5, 0, 4, 1, 2, t, 0, t];
}

const COLUMNS = {
  grammar_answer: ['user_id', 'question_id', 'choice', 'correct', 'answered_at'],
  points_event: ['user_id', 'source', 'tag', 'points', 'created_at'],
  quiz_attempt: [
    'user_id',
    'id',
    'topic_id',
    'answers',
    'question_ids',
    'correct',
    'total',
    'score',
    'created_at',
  ],
  topic_score: ['user_id', 'topic_id', 'score', 'updated_at'],
  review_card: [
    'user_id',
    'card_id',
    'kind',
    'item_id',
    'due',
    'stability',
    'difficulty',
    'elapsed_days',
    'scheduled_days',
    'learning_steps',
    'reps',
    'lapses',
    'state',
    'last_review',
    'suspended',
    'created_at',
  ],
  review_log: [
    'id',
    'user_id',
    'card_id',
    'rating',
    'state',
    'due',
    'stability',
    'difficulty',
    'elapsed_days',
    'last_elapsed_days',
    'scheduled_days',
    'learning_steps',
    'reviewed_at',
    'next_state',
    'next_due',
    'next_stability',
    'next_difficulty',
    'next_scheduled_days',
    'choice_index',
    'correct_index',
    'typed',
    'correct',
  ],
  item_visit: ['user_id', 'kind', 'item_id', 'at'],
  user_item: [
    'user_id',
    'kind',
    'item_id',
    'visits',
    'liked',
    'status',
    'entries',
    'show_again',
    'game_score',
    'planned_at',
    'completed_at',
    'saved_at',
    'doodled_at',
    'learning_at',
    'created_at',
    'updated_at',
  ],
};

async function insertRows(db, rows) {
  for (const [table, cols] of Object.entries(COLUMNS)) {
    const list = rows[table] instanceof Map ? [...rows[table].values()] : rows[table];
    if (list?.length) await db.insert(table, cols, list);
  }
}

// ---------------------------------------------------------------------------------------
// Measuring.

/**
 * The CPU µs of each of a PostgreSQL server's processes (the postmaster's children: the
 * backends), by process id; null when the bench did not start the cluster.
 */
function pgCpu(h) {
  if (!h.pgPid) return null;
  const byPid = new Map();
  try {
    const kids = readFileSync(`/proc/${h.pgPid}/task/${h.pgPid}/children`, 'utf8')
      .trim()
      .split(/\s+/);
    for (const k of kids) byPid.set(k, h.cpuMicros(Number(k)) ?? 0);
  } catch {
    return null;
  }
  return byPid;
}

/**
 * The database's CPU between two readings: what each process alive at the end used since the
 * first (all of it for a process started since). A backend that exited in between took its
 * time with it, so this can only undercount.
 */
function pgCpuSince(before, after) {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, us] of after) total += us - (before.get(pid) ?? 0);
  return total;
}

/**
 * `count` requests from `cookies` in turn, `parallel` at a time: server CPU µs per request
 * (and the database's on PostgreSQL), the last response's size, and the non-2xx count.
 */
async function measure(h, app, build, cookies, { count, parallel = 16 }) {
  let seq = 0; // the request's number across the warm-up and the timed run
  const run = async (n) => {
    let i = 0;
    let bytes = 0;
    let bad = 0;
    const worker = async () => {
      while (i < n) {
        i++;
        const k = seq++;
        const { path, method = 'GET', body } = build(k);
        const res = await fetch(`${app.url}${path}`, {
          method,
          headers: {
            cookie: cookies[k % cookies.length],
            Origin: app.url,
            'accept-encoding': 'identity',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        const buf = await res.arrayBuffer();
        bytes = buf.byteLength;
        if (!res.ok) bad++;
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return { bytes, bad };
  };
  await run(Math.min(20, count)); // warm-up
  const cpu0 = h.cpuMicros(app.pid);
  const db0 = pgCpu(h);
  const t0 = performance.now();
  const { bytes, bad } = await run(count);
  const ms = performance.now() - t0;
  const cpu1 = h.cpuMicros(app.pid);
  const db1 = pgCpu(h);
  return {
    appUs: (cpu1 - cpu0) / count,
    dbUs: db0 === null ? null : pgCpuSince(db0, db1) / count,
    bytes,
    bad,
    msEach: ms / count,
  };
}

const totalUs = (m) => m.appUs + (m.dbUs ?? 0);

// ---------------------------------------------------------------------------------------
// History.

async function contentIds(app) {
  const get = async (path) => (await fetch(`${app.url}${path}`)).json();
  const grammar = await get('/api/content/grammar');
  const topics = Object.keys(grammar.topics);
  const questions = [];
  for (const topic of topics) {
    const t = await get(`/api/content/grammar/topics/${encodeURIComponent(topic)}`);
    for (const q of t.questions) questions.push({ id: q.id, options: q.options.length });
  }
  const deep = await get('/api/content/grammar/deep-dive');
  for (const q of deep.questions)
    questions.push({ id: `deep-dive-${q.id}`, options: q.options.length });
  const vocabulary = await get('/api/content/vocabulary');
  const words = vocabulary.sets.flatMap((s) => s.items.map((w) => w.id));
  return { topics, questions, words };
}

export async function benchHistory(h, app) {
  const content = await contentIds(app);
  const db = await openDb(app);
  const now = Date.now();
  const heavy = await h.createUsers(app.url, HEAVY.users, 'heavy');
  const light = await h.createUsers(app.url, LIGHT.users, 'light');
  const t0 = performance.now();
  for (let u = 0; u < heavy.cookies.length; u++) {
    const uid = await userId(db, heavy.emails[u]);
    await insertRows(db, yearRows(uid, content, now, 1000 + u));
  }
  // Fresh statistics after a bulk load, as autovacuum would gather them in service.
  if (app.databaseUrl) await db.all('analyze');
  const seededMs = performance.now() - t0;
  await db.close();
  // Light learners: 20 answers each through the API.
  for (const cookie of light.cookies)
    for (const q of content.questions.slice(0, LIGHT.answers))
      await fetch(`${app.url}/api/grammar/answers?tz=UTC`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, Origin: app.url },
        body: JSON.stringify({ questionId: q.id, choiceIndex: 0 }),
      });
  const reads = [
    ['dashboard', '/api/dashboard?tz=UTC', 400],
    ['today', '/api/dashboard/today?tz=UTC', 800],
    ['stats', '/api/grammar/stats', 400],
    ['review', '/api/review?tz=UTC', 800],
  ];
  const rows = [];
  for (const [name, path, count] of reads) {
    const l = await measure(h, app, () => ({ path }), light.cookies, { count });
    const hv = await measure(h, app, () => ({ path }), heavy.cookies, { count });
    rows.push({ name, light: l, heavy: hv });
  }
  // First answers: the heavy learners' unanswered content questions; the light learners' next.
  const fresh = content.questions.slice(content.questions.length - LEFT_FOR_TIMED);
  const answer = (cookies) => (k) => {
    const q = fresh[Math.floor(k / cookies.length) % fresh.length];
    return {
      method: 'POST',
      path: '/api/grammar/answers?tz=UTC',
      body: { questionId: q.id, choiceIndex: k % q.options },
    };
  };
  const count = (LEFT_FOR_TIMED - 20) * HEAVY.users; // first answers only, warm-up included
  rows.push({
    name: 'answer',
    light: await measure(h, app, answer(light.cookies), light.cookies, { count }),
    heavy: await measure(h, app, answer(heavy.cookies), heavy.cookies, { count }),
  });
  return { rows, seededMs };
}

// ---------------------------------------------------------------------------------------
// Teams.

/** A team of `size` members besides its owner: accounts, memberships, a month of activity. */
/**
 * fetch, sent again once when the kept-alive connection it took had been closed by the
 * server meanwhile (its idle timeout passes during a long bulk insert): the request never
 * reached the server, so sending it again is safe.
 */
async function fetchFresh(url, init) {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (err?.cause?.code !== 'UND_ERR_SOCKET') throw err;
    return fetch(url, init);
  }
}

async function seedTeam(h, app, db, size, content, admin) {
  const slug = `bench-${size}-${Math.random().toString(36).slice(2, 7)}`;
  const res = await fetch(`${app.url}/api/teams`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin.cookie, Origin: app.url },
    body: JSON.stringify({ name: `Bench team of ${size}`, slug }),
  });
  if (res.status !== 201) throw new Error(`creating a team: ${res.status} ${await res.text()}`);
  const [team] = await db.all('select id from organization where slug = ?', [slug]);
  const [owner] = await db.all(
    'select "createdAt", "updatedAt", "emailVerified" from "user" where id = ?',
    [admin.id],
  );
  const [ownerMember] = await db.all(
    'select "createdAt" from member where "userId" = ? and "organizationId" = ?',
    [admin.id, team.id],
  );
  const r = rng(size);
  const now = Date.now();
  const users = [];
  const members = [];
  const points = [];
  const scores = [];
  const skills = [];
  const goals = [];
  const first = ['Ana', 'Ben', 'Chen', 'Dara', 'Eli', 'Fatima', 'Goran', 'Hana', 'Ivan', 'Jo'];
  const last = ['Lima', 'Okafor', 'Novak', 'Silva', 'Kim', 'Haddad', 'Berg', 'Rossi'];
  for (let i = 0; i < size; i++) {
    const id = `${slug}-u${i}`;
    users.push([
      id,
      `${first[i % 10]} ${last[(i * 7) % 8]} ${i}`,
      `${id}@example.com`,
      owner.emailVerified,
      null,
      owner.createdAt,
      owner.updatedAt,
      null,
      null,
    ]);
    members.push([
      `${slug}-m${i}`,
      team.id,
      id,
      i % 50 === 0 ? 'admin' : 'member',
      ownerMember.createdAt,
    ]);
    // A month: about 12 active days, one session of 2–6 right answers each.
    for (let d = 0; d < 28; d++) {
      if (r() > 0.43) continue;
      const base = now - d * DAY - r() * 0.8 * DAY;
      const n = 2 + Math.floor(r() * 5);
      for (let k = 0; k < n; k++) {
        const t = new Date(Math.min(base + k * 20_000, now - 1000)).toISOString();
        points.push([id, `question:bench-${d}-${k}`, 'total', 10, t]);
        points.push([id, `question:bench-${d}-${k}`, TAGS[k % TAGS.length], 10, t]);
      }
    }
    for (let k = 0; k < 4; k++) {
      const topic = content.topics[(i + k * 5) % content.topics.length];
      scores.push([id, topic, Math.floor(r() * 101), new Date(now).toISOString()]);
    }
    for (let k = 0; k < 3; k++)
      skills.push([
        id,
        ['communication', 'writing', 'leadership'][k],
        1 + Math.floor(r() * 5),
        new Date(now).toISOString(),
      ]);
    if (i % 3 === 0) goals.push([id, 'dailyGoal', '50', new Date(now).toISOString()]);
  }
  await db.insert(
    'user',
    [
      'id',
      'name',
      'email',
      'emailVerified',
      'image',
      'createdAt',
      'updatedAt',
      'stripeRole',
      'joined',
    ],
    users,
  );
  await db.insert('member', ['id', 'organizationId', 'userId', 'role', 'createdAt'], members);
  await db.insert('points_event', COLUMNS.points_event, points);
  await db.insert('topic_score', COLUMNS.topic_score, scores);
  await db.insert('skill_score', ['user_id', 'skill_id', 'score', 'updated_at'], skills);
  await db.insert('profile_field', ['user_id', 'field', 'value', 'updated_at'], goals);
  // Five assignments for everyone, two of them past due.
  const today = new Date(now);
  const day = (n) => new Date(today.getTime() + n * DAY).toISOString().slice(0, 10);
  for (let k = 0; k < 5; k++) {
    const body = { kind: 'topic', contentId: content.topics[k], dueOn: day(7 + k) };
    const a = await fetchFresh(`${app.url}/api/teams/${slug}/assignments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie, Origin: app.url },
      body: JSON.stringify(body),
    });
    if (a.status !== 201) throw new Error(`assigning: ${a.status} ${await a.text()}`);
  }
  // Two of them past due (the API takes no past date).
  const due = await db.all(
    'select id from team_assignment where team_id = ? order by created_at limit 2',
    [team.id],
  );
  for (const [k, a] of due.entries())
    await db.all('update team_assignment set due_on = ? where id = ?', [day(-3 + k), a.id]);
  return { slug, memberIds: users.map((u) => u[0]) };
}

/** The CSV once, streamed to nowhere: wall time, server CPU, peak RSS while it ran. */
async function csvOnce(h, app, slug, cookie) {
  let peak = h.rssMiB(app.pid) ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, h.rssMiB(app.pid) ?? 0);
  }, 50);
  const cpu0 = h.cpuMicros(app.pid);
  const db0 = pgCpu(h);
  const t0 = performance.now();
  const res = await fetch(`${app.url}/api/teams/${slug}/progress.csv?tz=UTC`, {
    headers: { cookie, Origin: app.url, 'accept-encoding': 'identity' },
  });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.byteLength;
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const db1 = pgCpu(h);
  return {
    ms,
    cpuUs: h.cpuMicros(app.pid) - cpu0,
    dbUs: pgCpuSince(db0, db1),
    bytes,
    status: res.status,
    peak,
  };
}

export async function benchTeams(h, app) {
  const content = await contentIds(app);
  const admin = await h.createUsers(app.url, 1, 'owner');
  const member = await h.createUsers(app.url, 1, 'member');
  const db = await openDb(app);
  const adminId = await userId(db, admin.emails[0]);
  const memberId = await userId(db, member.emails[0]);
  // Owners create teams with a confirmed address.
  await db.all(
    `update "user" set "emailVerified" = ${app.databaseUrl ? 'true' : '1'} where id = ?`,
    [adminId],
  );
  const owner = { id: adminId, cookie: admin.cookies[0] };
  const rows = [];
  let biggest = null;
  for (const size of TEAM_SIZES) {
    const t0 = performance.now();
    const team = await seedTeam(h, app, db, size, content, owner);
    const [{ id: teamId }] = await db.all('select id from organization where slug = ?', [
      team.slug,
    ]);
    await db.insert(
      'member',
      ['id', 'organizationId', 'userId', 'role', 'createdAt'],
      [
        [
          `${team.slug}-me`,
          teamId,
          memberId,
          'member',
          (
            await db.all('select "createdAt" from member where "organizationId" = ? limit 1', [
              teamId,
            ])
          )[0].createdAt,
        ],
      ],
    );
    if (app.databaseUrl) await db.all('analyze');
    const seededMs = performance.now() - t0;
    // Few requests for what may take seconds on an older build; more for what is quick.
    const n = (base) => Math.max(3, Math.round(base / Math.max(1, size / 100)));
    const get = (path) => () => ({ path });
    const page = await measure(
      h,
      app,
      get(`/api/teams/${team.slug}/progress?tz=UTC`),
      [owner.cookie],
      { count: n(60), parallel: 1 },
    );
    const overview = await measure(
      h,
      app,
      get(`/api/teams/${team.slug}/progress/overview?tz=UTC`),
      [owner.cookie],
      { count: n(60), parallel: 1 },
    );
    const assignments = await measure(
      h,
      app,
      get(`/api/teams/${team.slug}/assignments?tz=UTC`),
      [owner.cookie],
      { count: n(60), parallel: 1 },
    );
    const own = await measure(
      h,
      app,
      get(`/api/teams/${team.slug}/progress?tz=UTC`),
      member.cookies,
      { count: 60, parallel: 1 },
    );
    const csv = await csvOnce(h, app, team.slug, owner.cookie);
    rows.push({ size, seededMs, page, overview, assignments, own, csv });
    if (size === Math.max(...TEAM_SIZES)) biggest = team;
  }
  await db.close();
  return { rows, biggest, owner };
}

/**
 * Answers from `cookies` (autocannon, fixed time) with and without one admin fetching the
 * biggest team's report page and its CSV in a loop: the answer latency and the server's RSS.
 */
export async function benchStall(h, app, cookies, content, teams) {
  const answers = h.answerTarget(cookies, content);
  const quiet = await h.load(app.url, answers(), { seconds: h.seconds, pid: app.pid });
  let stop = false;
  let reports = 0;
  let peak = h.rssMiB(app.pid) ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, h.rssMiB(app.pid) ?? 0);
  }, 50);
  const loop = (async () => {
    while (!stop) {
      for (const path of [
        `/api/teams/${teams.biggest.slug}/progress?tz=UTC`,
        `/api/teams/${teams.biggest.slug}/progress.csv?tz=UTC`,
      ]) {
        if (stop) break;
        const res = await fetch(`${app.url}${path}`, { headers: { cookie: teams.owner.cookie } });
        await res.arrayBuffer();
        reports++;
      }
    }
  })();
  const busy = await h.load(app.url, answers(), { seconds: h.seconds, pid: app.pid });
  stop = true;
  await loop;
  clearInterval(sampler);
  return {
    quiet: { p50: quiet.latency.p50, p99: quiet.latency.p99, rps: quiet.requests.average },
    busy: { p50: busy.latency.p50, p99: busy.latency.p99, rps: busy.requests.average },
    reports,
    peak,
  };
}

// ---------------------------------------------------------------------------------------
// Report.

const fmt = (us) =>
  us === null || us === undefined || Number.isNaN(us)
    ? 'n/a'
    : us >= 10_000
      ? `${(us / 1000).toFixed(0)} ms`
      : us >= 1000
        ? `${(us / 1000).toFixed(2)} ms`
        : `${Math.round(us)} µs`;
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const pass = (ok) => (ok ? 'PASS' : 'MISS');

export function reportScale(sections) {
  const line = (cells) => console.log(`| ${cells.join(' | ')} |`);
  console.log('\n### A learner with a year of history against one with 20 answers\n');
  line([
    'request',
    'db',
    'light: app',
    'light: db',
    'heavy: app',
    'heavy: db',
    'heavy total',
    'heavy/light',
    'heavy response',
    'target met',
  ]);
  line(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
  for (const s of sections) {
    if (!s.history) continue;
    for (const r of s.history.rows) {
      const heavy = totalUs(r.heavy);
      const ratio = heavy / totalUs(r.light);
      const cpuTarget = SCALE_TARGETS[r.name];
      const ok =
        (r.name === 'answer' ? r.heavy.appUs <= cpuTarget : heavy <= cpuTarget) &&
        ratio <= SCALE_TARGETS.heavyRatio &&
        (r.name !== 'stats' || r.heavy.bytes <= SCALE_TARGETS.statsBytes) &&
        r.heavy.bad === 0 &&
        r.light.bad === 0;
      line([
        r.name,
        s.dialect,
        fmt(r.light.appUs),
        fmt(r.light.dbUs),
        fmt(r.heavy.appUs),
        fmt(r.heavy.dbUs),
        fmt(heavy),
        `${ratio.toFixed(2)}×`,
        r.name === 'answer' ? '' : kb(r.heavy.bytes),
        pass(ok) + (r.heavy.bad + r.light.bad ? ` (${r.heavy.bad + r.light.bad} errors)` : ''),
      ]);
    }
    console.log(
      `\n(${s.dialect}: ${HEAVY.users} year-long learners seeded in ${(s.history.seededMs / 1000).toFixed(1)} s.)`,
    );
  }
  console.log(
    `\nTargets: dashboard, today, stats and review ≤ 2 ms (PostgreSQL: app + database), an answer ≤ 300 µs of app CPU, each within ${SCALE_TARGETS.heavyRatio}× of the light learner; the stats ≤ 20 KB.\n`,
  );
  console.log('### Teams\n');
  line([
    'members',
    'db',
    'report page',
    'overview',
    'assignments list',
    "a member's own row",
    'CSV',
    'CSV server CPU',
    'CSV size',
    'peak RSS in CSV',
    'target met',
  ]);
  line(['---:', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
  for (const s of sections) {
    if (!s.teams) continue;
    for (const r of s.teams.rows) {
      const ok =
        totalUs(r.page) <= SCALE_TARGETS.reportPage &&
        totalUs(r.overview) <= SCALE_TARGETS.overview &&
        r.overview.bad === 0 &&
        r.csv.ms <= SCALE_TARGETS.csvMs &&
        r.csv.peak <= SCALE_TARGETS.rssMiB;
      line([
        r.size,
        s.dialect,
        `${fmt(totalUs(r.page))}, ${kb(r.page.bytes)}`,
        r.overview.bad
          ? `${r.overview.bad} errors`
          : `${fmt(totalUs(r.overview))}, ${kb(r.overview.bytes)}`,
        `${fmt(totalUs(r.assignments))}, ${kb(r.assignments.bytes)}`,
        fmt(totalUs(r.own)),
        `${r.csv.ms.toFixed(0)} ms`,
        fmt(r.csv.cpuUs + (r.csv.dbUs ?? 0)),
        kb(r.csv.bytes),
        `${r.csv.peak.toFixed(0)} MiB`,
        r.size === Math.max(...TEAM_SIZES) ? pass(ok) : '',
      ]);
    }
  }
  console.log(
    `\nTargets (the ${Math.max(...TEAM_SIZES)}-member team): a report page and the overview ≤ 20 ms of CPU (PostgreSQL: app + database), the whole CSV in ≤ 2 s, the server's RSS ≤ ${SCALE_TARGETS.rssMiB} MiB. Times are server CPU per request; PostgreSQL adds its backends' CPU.\n`,
  );
  console.log('### Answers while an admin loads the biggest report in a loop\n');
  line([
    'db',
    'answers alone: p50 / p99',
    'req/s',
    'with the report loop: p50 / p99',
    'req/s',
    'reports served',
    'peak RSS',
    'target met',
  ]);
  line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
  for (const s of sections) {
    if (!s.stall) continue;
    const x = s.stall;
    line([
      s.dialect,
      `${x.quiet.p50} / ${x.quiet.p99} ms`,
      Math.round(x.quiet.rps),
      `${x.busy.p50} / ${x.busy.p99} ms`,
      Math.round(x.busy.rps),
      x.reports,
      `${x.peak.toFixed(0)} MiB`,
      pass(x.busy.p99 < SCALE_TARGETS.answerP99UnderLoad && x.peak <= SCALE_TARGETS.rssMiB),
    ]);
  }
  console.log(
    `\nTarget: answer p99 under ${SCALE_TARGETS.answerP99UnderLoad} ms with the loop running; RSS ≤ ${SCALE_TARGETS.rssMiB} MiB.\n`,
  );
}
