import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type DayKey } from '../../../core/dates';
import { zoneDayKey } from '../../../core/progress/dashboard';
import { seeded } from '../../../core/random';
import type { ReviewQueue } from '../../../core/review/results';
import { loadCatalog } from '../../content/catalog';
import { openDb, type Db } from '../../db/client';
import { migrateToLatest, migrations } from '../../db/migrate';
import { backfillAggregates } from '../../db/migrations/0019-running-aggregates';
import { backfillTeamBuckets } from '../../db/migrations/0021-team-buckets';
import { questionIndex } from '../grammar/service';
import { dayStartBucket } from './service';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';
import { teamFixtures } from '../teams/team-fixtures';
// @ts-expect-error -- plain ESM helper shared with scripts/ (no types needed)
import { freshPostgresDatabase } from '../../../scripts/with-postgres-bin.mjs';

/**
 * The running aggregates (activity_bucket, tag_points; migration 0019; team_bucket, 0021)
 * must always equal a recomputation from the raw rows, whatever wrote or removed them: the
 * app's routes, the guest sync, SQL fixtures, joining and leaving a team, a team's and an
 * account's deletion, and the migrations' own backfills.
 */

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
const catalog = loadCatalog(contentDir);
const questions = [...questionIndex(catalog).entries()];
const topics = [...catalog.grammar.topics.entries()].map(([id, topic]) => ({ id, ...topic }));
const words = [...catalog.vocabulary.words.keys()];
const DAY_MS = 24 * 3600 * 1000;

/** The 15-minute bucket key, written out in SQL as the recomputation's own GROUP BY. */
const key = (col: string) =>
  sql.raw(`substr(${col}, 1, 13) || CAST(CAST(substr(${col}, 15, 2) AS INTEGER) / 15 AS TEXT)`);

/** Sorted lines, so the two sides compare whatever order each database returns. */
const lines = (rows: readonly Record<string, unknown>[], cols: readonly string[]) =>
  rows.map((r) => cols.map((c) => (TEXT_COLS.has(c) ? r[c] : Number(r[c]))).join(' ')).sort();

const TEXT_COLS = new Set(['user_id', 'team_id', 'bucket', 'tag']);
const BUCKET_COLS = ['user_id', 'bucket', 'points', 'visits', 'answers'];
const TAG_COLS = ['user_id', 'tag', 'points'];
const TEAM_COLS = ['team_id', 'bucket', 'points'];

/** The aggregates from the raw rows, by plain GROUP BY. */
async function recomputed(db: Db) {
  const buckets = await sql<Record<string, unknown>>`
    SELECT user_id, bucket, SUM(points) AS points, SUM(visits) AS visits, SUM(answers) AS answers
    FROM (
      SELECT user_id, ${key('created_at')} AS bucket, points, 0 AS visits, 0 AS answers
        FROM points_event WHERE tag = 'total'
      UNION ALL SELECT user_id, ${key('at')}, 0, 1, 0 FROM item_visit
      UNION ALL SELECT user_id, ${key('answered_at')}, 0, 0, 1 FROM grammar_answer
      UNION ALL SELECT user_id, ${key('created_at')}, 0, 0, total FROM quiz_attempt
    ) AS r
    GROUP BY user_id, bucket`.execute(db);
  const tags = await sql<Record<string, unknown>>`
    SELECT user_id, tag, SUM(points) AS points FROM points_event GROUP BY user_id, tag`.execute(db);
  // A team's points per bucket: its current members' ledger 'total' rows.
  const teams = await sql<Record<string, unknown>>`
    SELECT m."organizationId" AS team_id, ${key('p.created_at')} AS bucket, SUM(p.points) AS points
    FROM member m JOIN points_event p ON p.user_id = m."userId" AND p.tag = 'total'
    GROUP BY m."organizationId", ${key('p.created_at')}
    HAVING SUM(p.points) <> 0`.execute(db);
  return {
    buckets: lines(buckets.rows, BUCKET_COLS),
    tags: lines(tags.rows, TAG_COLS),
    teams: lines(teams.rows, TEAM_COLS),
  };
}

/** What the aggregate tables hold. */
async function kept(db: Db) {
  const buckets = await sql<Record<string, unknown>>`SELECT * FROM activity_bucket`.execute(db);
  const tags = await sql<Record<string, unknown>>`SELECT * FROM tag_points`.execute(db);
  const teams = await sql<Record<string, unknown>>`SELECT * FROM team_bucket`.execute(db);
  return {
    buckets: lines(buckets.rows, BUCKET_COLS),
    tags: lines(tags.rows, TAG_COLS),
    teams: lines(teams.rows, TEAM_COLS),
  };
}

async function expectConsistent(db: Db) {
  const now = await kept(db);
  expect(now).toEqual(await recomputed(db));
  return now;
}

/** A random instant in the last year, as the app writes it. */
const pastInstant = (random: () => number) =>
  new Date(Date.now() - Math.floor(random() * 365 * DAY_MS)).toISOString();
const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

/** Raw rows as a bulk SQL fixture writes them: the ledger (total and a tag), visits, answers, quizzes. */
async function sqlFixture(db: Db, userId: string, random: () => number, n: number) {
  for (let i = 0; i < n; i++) {
    const at = pastInstant(random);
    const source = `fixture:${randomUUID()}`;
    const points = 10 * (1 + Math.floor(random() * 3));
    const tag = pick(random, ['nouns', 'verbs', 'articles']);
    await db
      .insertInto('points_event')
      .values([
        { user_id: userId, source, tag: 'total', points, created_at: at },
        { user_id: userId, source, tag, points, created_at: at },
      ])
      .execute();
    await db
      .insertInto('item_visit')
      .values({ user_id: userId, kind: 'word', item_id: pick(random, words), at })
      .execute();
    await db
      .insertInto('grammar_answer')
      .values({
        user_id: userId,
        question_id: `retired-${randomUUID()}`,
        choice: 0,
        correct: random() < 0.5 ? 1 : 0,
        answered_at: pastInstant(random),
      })
      .execute();
    if (random() < 0.3)
      await db
        .insertInto('quiz_attempt')
        .values({
          id: randomUUID(),
          user_id: userId,
          topic_id: 'nouns',
          answers: '[]',
          question_ids: null,
          correct: 3,
          total: 5 + Math.floor(random() * 10),
          score: 60,
          created_at: pastInstant(random),
        })
        .execute();
  }
}

/** Edits and deletions in SQL, one of each kind on each raw table. */
async function sqlEdits(db: Db, userId: string, random: () => number) {
  const ledger = await db
    .selectFrom('points_event')
    .select('source')
    .distinct()
    .where('user_id', '=', userId)
    .where('source', 'like', 'fixture:%')
    .orderBy('source')
    .execute();
  if (ledger.length >= 3) {
    const [moved, grown, gone] = [pick(random, ledger), pick(random, ledger), pick(random, ledger)];
    await db
      .updateTable('points_event')
      .set({ created_at: pastInstant(random) })
      .where('user_id', '=', userId)
      .where('source', '=', moved.source)
      .execute();
    await db
      .updateTable('points_event')
      .set({ points: sql`points + 5` })
      .where('user_id', '=', userId)
      .where('source', '=', grown.source)
      .execute();
    await db
      .deleteFrom('points_event')
      .where('user_id', '=', userId)
      .where('source', '=', gone.source)
      .execute();
  }
  const visit = await db
    .selectFrom('item_visit')
    .select(['item_id', 'at'])
    .where('user_id', '=', userId)
    .orderBy('at')
    .limit(2)
    .execute();
  if (visit[0])
    await db
      .updateTable('item_visit')
      .set({ at: pastInstant(random) })
      .where('user_id', '=', userId)
      .where('at', '=', visit[0].at)
      .execute();
  if (visit[1])
    await db
      .deleteFrom('item_visit')
      .where('user_id', '=', userId)
      .where('at', '=', visit[1].at)
      .execute();
  const answer = await db
    .selectFrom('grammar_answer')
    .select('question_id')
    .where('user_id', '=', userId)
    .orderBy('answered_at')
    .executeTakeFirst();
  if (answer)
    await db
      .deleteFrom('grammar_answer')
      .where('user_id', '=', userId)
      .where('question_id', '=', answer.question_id)
      .execute();
  const quiz = await db
    .selectFrom('quiz_attempt')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirst();
  if (quiz) {
    await db
      .updateTable('quiz_attempt')
      .set({ total: sql`total + 1`, created_at: pastInstant(random) })
      .where('id', '=', quiz.id)
      .execute();
    if (random() < 0.5) await db.deleteFrom('quiz_attempt').where('id', '=', quiz.id).execute();
  }
}

describe(`running aggregates (${testDialect})`, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  });
  afterAll(() => t.close());
  const call = jsonCall(() => t);
  const { ok } = teamFixtures(() => t);
  const teamId = async (slug: string) =>
    (
      await t.db.db
        .selectFrom('organization')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).id;

  it('equal a recomputation from the raw rows after a random mix of writes and deletions', async () => {
    const random = seeded('running aggregates');
    const db = t.db.db;
    const owner = await createUser(t, { name: 'Olga Owner', verified: true });
    const learners = [owner, ...(await Promise.all([1, 2, 3, 4].map(() => createUser(t))))];
    const tz = '?tz=Asia/Kolkata';

    const answer = async (cookie: string) => {
      const [questionId, q] = pick(random, questions);
      const choiceIndex = Math.floor(random() * q.options.length);
      await ok(call(cookie, 'POST', `/api/grammar/answers${tz}`, { questionId, choiceIndex }));
    };
    const quiz = async (cookie: string) => {
      const topic = pick(random, topics);
      const answers = topic.questions.map((q) => Math.floor(random() * q.options.length));
      await ok(
        call(cookie, 'POST', `/api/grammar/attempts${tz}`, {
          attemptId: randomUUID(),
          topicId: topic.id,
          answers,
        }),
      );
    };
    const visit = (cookie: string) =>
      ok(call(cookie, 'POST', `/api/items/word/${pick(random, words)}/visit`));
    const review = async (cookie: string) => {
      const queue = await ok<ReviewQueue>(call(cookie, 'GET', `/api/review${tz}`));
      for (const card of queue.cards.slice(0, 3)) {
        const body =
          card.answer === 'choice'
            ? { choiceIndex: Math.floor(random() * card.options.length) }
            : { typed: random() < 0.5 ? 'wrong' : card.cardId.split(':')[1] };
        await ok(
          call(cookie, 'POST', `/api/review/${encodeURIComponent(card.cardId)}/answer${tz}`, body),
        );
      }
    };
    /** A guest's progress merged at sign-in: answers and a quiz through /api/sync, sent twice. */
    const guestMerge = async (cookie: string) => {
      const topic = pick(random, topics);
      const ops = [
        ...[0, 1, 2].map(() => {
          const [questionId, q] = pick(random, questions);
          return {
            opId: randomUUID(),
            type: 'answer',
            questionId,
            choiceIndex: Math.floor(random() * q.options.length),
          };
        }),
        {
          opId: randomUUID(),
          type: 'attempt',
          attemptId: randomUUID(),
          topicId: topic.id,
          answers: topic.questions.map((q) => q.correctIndex),
        },
      ];
      for (let i = 0; i < 2; i++) await ok(call(cookie, 'POST', '/api/sync', { ops }));
    };

    for (const l of learners) await sqlFixture(db, l.id, random, 12);
    await expectConsistent(db);

    // Two learners join a team by its link (their history comes into its buckets), then
    // write in the mix below; one leaves it again at the end. A second team, of the owner
    // and two learners, is deleted after the mix.
    const slug = `agg-${randomUUID().slice(0, 8)}`;
    await ok(call(owner.cookie, 'POST', '/api/teams', { name: 'Aggregates', slug }), 201);
    const link = await ok<{ token: string }>(
      call(owner.cookie, 'PUT', `/api/teams/${slug}/join-link`, { emailDomain: null }),
    );
    const [, leaver, stayer, gone] = learners as [
      (typeof learners)[0],
      (typeof learners)[0],
      (typeof learners)[0],
      (typeof learners)[0],
    ];
    for (const l of [leaver, stayer, gone])
      await ok(call(l.cookie, 'POST', `/api/teams/join/${link.token}`));
    const doomed = `agg-${randomUUID().slice(0, 8)}`;
    await ok(call(owner.cookie, 'POST', '/api/teams', { name: 'Doomed', slug: doomed }), 201);
    const doomedLink = await ok<{ token: string }>(
      call(owner.cookie, 'PUT', `/api/teams/${doomed}/join-link`, { emailDomain: null }),
    );
    for (const l of [stayer, gone])
      await ok(call(l.cookie, 'POST', `/api/teams/join/${doomedLink.token}`));
    await expectConsistent(db);

    const actions = [answer, answer, answer, quiz, visit, visit, review, guestMerge];
    for (let step = 0; step < 120; step++) {
      const who = pick(random, learners);
      await pick(random, actions)(who.cookie);
      if (step % 30 === 29) {
        await sqlEdits(db, pick(random, learners).id, random);
        await expectConsistent(db);
      }
    }

    await answer(leaver.cookie);
    await ok(call(leaver.cookie, 'POST', `/api/teams/${slug}/leave`));
    await answer(leaver.cookie);
    await expectConsistent(db);
    const doomedId = await teamId(doomed);
    const teamRows = (await kept(db)).teams;
    expect(teamRows.some((l) => l.startsWith(`${doomedId} `))).toBe(true);
    await ok(call(owner.cookie, 'DELETE', `/api/teams/${doomed}`));
    await expectConsistent(db);

    // Account deletion: the raw rows go by cascade, and the aggregates with them.
    await ok(call(gone.cookie, 'DELETE', '/api/me', { confirmEmail: gone.email, teams: [] }));
    const after = await expectConsistent(db);
    expect(after.buckets.some((l) => l.startsWith(`${gone.id} `))).toBe(false);
    expect(after.tags.some((l) => l.startsWith(`${gone.id} `))).toBe(false);
    const teamOf = await teamId(slug);
    expect(after.teams.some((l) => l.startsWith(`${teamOf} `))).toBe(true);
    expect(after.teams.some((l) => l.startsWith(`${doomedId} `))).toBe(false);

    // Not a vacuous comparison: every series and many buckets and tags are there.
    const series = after.buckets.map((l) => l.split(' ').slice(2).map(Number));
    expect(after.buckets.length).toBeGreaterThan(100);
    expect(after.tags.length).toBeGreaterThan(10);
    for (const i of [0, 1, 2]) expect(series.some((s) => (s[i] ?? 0) > 0)).toBe(true);
  });
});

describe(`one learner's writes at once (${testDialect})`, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  });
  afterAll(() => t.close());
  const call = jsonCall(() => t);
  const { ok } = teamFixtures(() => t);

  it('answers, reviews, quizzes and visits sent together all succeed and keep the aggregates right', async () => {
    const u = await createUser(t);
    const tz = '?tz=UTC';
    const [wrongOnes, rightOnes] = [questions.slice(0, 12), questions.slice(12, 24)];
    // Wrong answers make review cards, due at once.
    for (const [questionId, q] of wrongOnes)
      await ok(
        call(u.cookie, 'POST', `/api/grammar/answers${tz}`, {
          questionId,
          choiceIndex: (q.correctIndex + 1) % q.options.length,
        }),
      );
    const queue = await ok<ReviewQueue>(call(u.cookie, 'GET', `/api/review${tz}`));
    const reviews = queue.cards.flatMap((card) => {
      const q = questionIndex(catalog).get(card.cardId.slice('grammar:'.length));
      if (card.answer !== 'choice' || !q) return [];
      const choiceIndex = card.options.indexOf(q.options[q.correctIndex] as string);
      return [
        () =>
          call(u.cookie, 'POST', `/api/review/${encodeURIComponent(card.cardId)}/answer${tz}`, {
            choiceIndex,
          }),
      ];
    });
    expect(reviews.length).toBeGreaterThan(5);
    const topic = topics[0]!;
    const writes = [
      ...reviews,
      ...rightOnes.map(
        ([questionId, q]) =>
          () =>
            call(u.cookie, 'POST', `/api/grammar/answers${tz}`, {
              questionId,
              choiceIndex: q.correctIndex,
            }),
      ),
      () =>
        call(u.cookie, 'POST', `/api/grammar/attempts${tz}`, {
          attemptId: randomUUID(),
          topicId: topic.id,
          answers: topic.questions.map((q) => q.correctIndex),
        }),
      ...words.slice(0, 6).map((w) => () => call(u.cookie, 'POST', `/api/items/word/${w}/visit`)),
    ];
    const statuses = await Promise.all(writes.map(async (w) => (await w()).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    await expectConsistent(t.db.db);
  });
});

describe('a zone day as buckets', () => {
  /** The instant a bucket key starts at. */
  const startOf = (key: string) =>
    Date.parse(`${key.slice(0, 13)}:${String(Number(key.slice(13)) * 15).padStart(2, '0')}:00Z`);

  it('starts at the first quarter hour that is that day in the zone, every day of a year, DST and odd offsets included', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'America/Santiago',
      'America/Havana',
      'America/St_Johns',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Asia/Tehran',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ];
    for (const zone of zones) {
      let day: DayKey = '2026-01-01';
      for (let i = 0; i < 366; i++, day = addDays(day, 1)) {
        const first = startOf(dayStartBucket(day, zone));
        expect(zoneDayKey(first, zone), `${zone} ${day}`).toBe(day);
        expect(zoneDayKey(first - 1, zone) < day, `${zone} ${day}`).toBe(true);
      }
    }
  });
});

/** A database of its own for the migration test: a SQLite file or a fresh PostgreSQL one. */
async function freshDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  if (testDialect === 'postgres') {
    const pg = (await freshPostgresDatabase(process.env.TEST_DATABASE_URL, 'skillway_test')) as {
      url: string;
      drop: () => Promise<void>;
    };
    const { db } = openDb({ databaseUrl: pg.url, dataDir: tmpdir() });
    return {
      db,
      close: async () => {
        await db.destroy();
        await pg.drop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'skillway-aggregates-'));
  const { db } = openDb({ dataDir: dir });
  return {
    db,
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe(`migrations 0019 and 0021 (${testDialect})`, () => {
  it('backfills the aggregates from rows written before it; running the backfill again, or after a crash, changes nothing', async () => {
    const { db, close } = await freshDb();
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations(testDialect) },
      });
      const before = await migrator.migrateTo('0018-team-join-links');
      expect(before.error).toBeUndefined();
      const random = seeded('backfill');
      const now = new Date().toISOString();
      const ids = Array.from({ length: 7 }, (_, i) => `user-${i}-${randomUUID()}`);
      for (const id of ids) {
        await db
          .insertInto('user')
          .values({
            id,
            name: id,
            email: `${id}@example.com`,
            emailVerified: testDialect === 'postgres' ? false : 0,
            image: null,
            createdAt: now,
            updatedAt: now,
            stripeRole: null,
            joined: null,
          })
          .execute();
        await sqlFixture(db, id, random, 10);
      }
      // Two teams sharing a member, and a team without members.
      const teams = ['team-a', 'team-b', 'team-c'];
      for (const team of teams)
        await db
          .insertInto('organization')
          .values({ id: team, name: team, slug: team, createdAt: now })
          .execute();
      const memberships: [string, string][] = [
        ['team-a', ids[0]!],
        ['team-a', ids[1]!],
        ['team-a', ids[2]!],
        ['team-b', ids[2]!],
        ['team-b', ids[3]!],
      ];
      await db
        .insertInto('member')
        .values(
          memberships.map(([team, userId]) => ({
            id: randomUUID(),
            organizationId: team,
            userId,
            role: 'member',
            createdAt: now,
          })),
        )
        .execute();
      await migrateToLatest(db, testDialect);
      const backfilled = await expectConsistent(db);
      expect(backfilled.buckets.length).toBeGreaterThan(50);
      expect(backfilled.teams.filter((l) => l.startsWith('team-a ')).length).toBeGreaterThan(20);
      expect(backfilled.teams.filter((l) => l.startsWith('team-b ')).length).toBeGreaterThan(10);

      // Again, with other batch sizes: the same rows.
      await backfillAggregates(db as unknown as Kysely<unknown>, 2);
      expect(await kept(db)).toEqual(backfilled);
      // As after a run cut short: rows missing and rows wrong, put right batch by batch.
      await db.deleteFrom('activity_bucket').where('user_id', 'in', ids.slice(0, 3)).execute();
      await db
        .updateTable('tag_points')
        .set({ points: sql`points + 1` })
        .execute();
      await backfillAggregates(db as unknown as Kysely<unknown>, 3);
      expect(await kept(db)).toEqual(backfilled);
      await backfillTeamBuckets(db as unknown as Kysely<unknown>, 1);
      expect(await kept(db)).toEqual(backfilled);
      await db.deleteFrom('team_bucket').where('team_id', '=', 'team-a').execute();
      await db
        .updateTable('team_bucket')
        .set({ points: sql`points + 1` })
        .execute();
      await backfillTeamBuckets(db as unknown as Kysely<unknown>, 2);
      expect(await kept(db)).toEqual(backfilled);

      // The triggers are in place after the migration: writes, a member leaving one team
      // and joining another, an account's deletion.
      await sqlFixture(db, ids[0] as string, random, 3);
      await sqlEdits(db, ids[1] as string, random);
      await sqlEdits(db, ids[2] as string, random);
      await db.deleteFrom('member').where('userId', '=', ids[0]!).execute();
      await db
        .insertInto('member')
        .values({
          id: randomUUID(),
          organizationId: 'team-c',
          userId: ids[0]!,
          role: 'member',
          createdAt: now,
        })
        .execute();
      await db.deleteFrom('user').where('id', '=', ids[2]!).execute();
      const after = await expectConsistent(db);
      expect(after.teams.some((l) => l.startsWith('team-c '))).toBe(true);
    } finally {
      await close();
    }
  });
});
