import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client';

/**
 * A learner's running aggregates (docs/decisions/045-running-aggregates.md), so the
 * dashboard, Today, the goal check and the team report read a few rows whatever the
 * learner's history:
 * - `activity_bucket`: per 15-minute UTC bucket, the three series the dashboard draws —
 *   points (the ledger's 'total' rows), visits (item_visit rows) and answers (grammar_answer
 *   rows plus each quiz_attempt's `total`);
 * - `tag_points`: the ledger's sum per tag, 'total' included.
 *
 * Triggers on the four raw tables keep them in the statement that writes a raw row, so
 * every write path (answers, quizzes, reviews, visits, sync, account deletion, fixtures in
 * SQL) keeps them right without knowing they exist. A sum back at zero loses its row, so a
 * table holds exactly what a GROUP BY over the raw rows gives. Removing only ever UPDATEs
 * and DELETEs: a user's cascade deletion cannot bring a row back.
 *
 * Nothing reads the ledger by (user, tag, day) any more, so 0014's index goes: one index
 * fewer to write on every answer.
 */

/**
 * The 15-minute bucket key of an ISO timestamp: 'YYYY-MM-DDTHH' plus the quarter (0–3), so
 * '2026-03-05T184' is 18:45–19:00 UTC. Every zone's midnight falls on a quarter hour in UTC,
 * so the zone's days fold exactly from the buckets (server/features/dashboard/service.ts
 * `bucketKey` makes the same key in TypeScript). The same text runs in SQLite and
 * PostgreSQL; parenthesised because `||` binds tighter than `/` in SQLite.
 */
const keyOf = (col: string) =>
  `substr(${col}, 1, 13) || CAST(CAST(substr(${col}, 15, 2) AS INTEGER) / 15 AS TEXT)`;

type Series = 'points' | 'visits' | 'answers';

/** What one raw row adds to the aggregates. */
interface Feed {
  table: 'points_event' | 'item_visit' | 'grammar_answer' | 'quiz_attempt';
  /** Its time column. */
  at: string;
  series: Series;
  /** How much it adds to the series, as an expression of the row (`R` stands for NEW or OLD). */
  amount: string;
  /** Only rows for which this holds go into activity_bucket. */
  only?: string;
  /** The row also adds its points to its tag. */
  tagged?: boolean;
}

const FEEDS: readonly Feed[] = [
  {
    table: 'points_event',
    at: 'created_at',
    series: 'points',
    amount: 'R.points',
    only: "R.tag = 'total'",
    tagged: true,
  },
  { table: 'item_visit', at: 'at', series: 'visits', amount: '1' },
  { table: 'grammar_answer', at: 'answered_at', series: 'answers', amount: '1' },
  { table: 'quiz_attempt', at: 'created_at', series: 'answers', amount: 'R.total' },
];

const SERIES: readonly Series[] = ['points', 'visits', 'answers'];
const bucketEmpty = SERIES.map((s) => `${s} = 0`).join(' AND ');

/**
 * The statements that add a row `R` to the aggregates: one upsert each. The bucket comes
 * before the tag: a transaction writes its answer (or visit, or quiz) before its ledger rows,
 * and the ledger's 'total' row before its tags, so on PostgreSQL every writer takes the row
 * locks in one order (the bucket, the 'total' tag, the other tags) and two of the same
 * learner's writes at once wait for each other instead of deadlocking.
 */
function adds(f: Feed, row: 'NEW' | 'OLD'): string[] {
  const r = (text: string) => text.replaceAll('R.', `${row}.`);
  const values = SERIES.map((s) => (s === f.series ? r(f.amount) : '0')).join(', ');
  // SELECT … WHERE rather than VALUES when only some rows count (SQLite needs the WHERE
  // before ON CONFLICT to parse an upsert from a SELECT).
  const out = [
    `INSERT INTO activity_bucket (user_id, bucket, points, visits, answers)
      SELECT ${row}.user_id, ${keyOf(`${row}.${f.at}`)}, ${values}
      WHERE ${f.only ? r(f.only) : 'true'}
      ON CONFLICT (user_id, bucket)
      DO UPDATE SET ${f.series} = activity_bucket.${f.series} + excluded.${f.series}`,
  ];
  if (f.tagged)
    out.push(`INSERT INTO tag_points (user_id, tag, points)
      VALUES (${row}.user_id, ${row}.tag, ${row}.points)
      ON CONFLICT (user_id, tag) DO UPDATE SET points = tag_points.points + excluded.points`);
  return out;
}

/** The statements that take a row `R` away: UPDATE, then DELETE what is back at zero. */
function removes(f: Feed, row: 'NEW' | 'OLD'): string[] {
  const r = (text: string) => text.replaceAll('R.', `${row}.`);
  const at = `${f.only ? `${r(f.only)} AND ` : ''}user_id = ${row}.user_id AND bucket = ${keyOf(`${row}.${f.at}`)}`;
  const out = [
    `UPDATE activity_bucket SET ${f.series} = ${f.series} - ${r(f.amount)} WHERE ${at}`,
    `DELETE FROM activity_bucket WHERE ${at} AND ${bucketEmpty}`,
  ];
  if (f.tagged) {
    const tag = `user_id = ${row}.user_id AND tag = ${row}.tag`;
    out.push(`UPDATE tag_points SET points = points - ${row}.points WHERE ${tag}`);
    out.push(`DELETE FROM tag_points WHERE ${tag} AND points = 0`);
  }
  return out;
}

const body = (statements: string[]) => statements.map((s) => `  ${s};`).join('\n');

/** SQLite: one trigger per table and operation. */
function sqliteTriggers(f: Feed): string[] {
  const name = `${f.table}_aggregates`;
  return [
    `CREATE TRIGGER IF NOT EXISTS ${name}_insert AFTER INSERT ON ${f.table}
BEGIN
${body(adds(f, 'NEW'))}
END`,
    `CREATE TRIGGER IF NOT EXISTS ${name}_delete AFTER DELETE ON ${f.table}
BEGIN
${body(removes(f, 'OLD'))}
END`,
    `CREATE TRIGGER IF NOT EXISTS ${name}_update AFTER UPDATE ON ${f.table}
BEGIN
${body([...removes(f, 'OLD'), ...adds(f, 'NEW')])}
END`,
  ];
}

/** PostgreSQL: one plpgsql function per table, run after each row's insert, update or delete. */
function postgresTriggers(f: Feed): string[] {
  const name = `${f.table}_aggregates`;
  return [
    `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
  ${body(removes(f, 'OLD'))}
  END IF;
  IF TG_OP <> 'DELETE' THEN
  ${body(adds(f, 'NEW'))}
  END IF;
  RETURN NULL;
END
$$`,
    `CREATE OR REPLACE TRIGGER ${name} AFTER INSERT OR UPDATE OR DELETE ON ${f.table}
  FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  ];
}

/**
 * Runs `fn` in a transaction of its own, or in the caller's: on PostgreSQL the migrator
 * runs every pending migration in one transaction, so there the batches bound each
 * statement's size and commit together.
 */
function inOwnTransaction(db: Kysely<unknown>, fn: (trx: Kysely<unknown>) => Promise<void>) {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** Learners recomputed per backfill transaction. */
const BACKFILL_USERS = 200;

/**
 * Recomputes both aggregates from the raw rows, a batch of users (by id) per transaction:
 * each batch deletes its users' aggregate rows and inserts them again from a GROUP BY, so a
 * run after a crash, or a second run, ends with the same rows. Exported for the migration
 * test.
 */
export async function backfillAggregates(
  db: Kysely<unknown>,
  batchSize = BACKFILL_USERS,
): Promise<void> {
  const users = db as unknown as Kysely<{ user: { id: string } }>;
  let after = '';
  for (;;) {
    const batch = await users
      .selectFrom('user')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    const last = batch.at(-1)?.id;
    if (last === undefined) return;
    const mine = (col = 'user_id') =>
      sql`${sql.raw(col)} > ${after} AND ${sql.raw(col)} <= ${last}`;
    const branches = FEEDS.map((f) => {
      const amounts = SERIES.map((s) =>
        s === f.series ? sql.raw(`${f.amount.replaceAll('R.', '')} AS ${s}`) : sql.raw(`0 AS ${s}`),
      );
      const only = f.only ? sql.raw(`${f.only.replaceAll('R.', '')} AND `) : sql``;
      return sql`SELECT user_id, ${sql.raw(keyOf(f.at))} AS bucket, ${sql.join(amounts)}
        FROM ${sql.table(f.table)} WHERE ${only}${mine()}`;
    });
    await inOwnTransaction(db, async (trx) => {
      await sql`DELETE FROM activity_bucket WHERE ${mine()}`.execute(trx);
      await sql`DELETE FROM tag_points WHERE ${mine()}`.execute(trx);
      await sql`INSERT INTO activity_bucket (user_id, bucket, points, visits, answers)
        SELECT user_id, bucket, SUM(points), SUM(visits), SUM(answers)
        FROM (${sql.join(branches, sql` UNION ALL `)}) AS r
        GROUP BY user_id, bucket`.execute(trx);
      await sql`INSERT INTO tag_points (user_id, tag, points)
        SELECT user_id, tag, SUM(points) FROM points_event WHERE ${mine()}
        GROUP BY user_id, tag`.execute(trx);
    });
    after = last;
  }
}

export function runningAggregatesMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  // SQLite: the primary key is the table (WITHOUT ROWID), so a learner's range is one
  // B-tree walk with the values in it.
  const clustered = <T extends { modifyEnd: (s: ReturnType<typeof sql.raw>) => T }>(q: T) =>
    pg ? q : q.modifyEnd(sql.raw('without rowid'));
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('activity_bucket')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('visits', 'integer', (c) => c.notNull())
        .addColumn('answers', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('activity_bucket_pk', ['user_id', 'bucket'])
        .$call(clustered)
        .execute();
      await db.schema
        .createTable('tag_points')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('tag', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('tag_points_pk', ['user_id', 'tag'])
        .$call(clustered)
        .execute();
      for (const f of FEEDS)
        for (const statement of pg ? postgresTriggers(f) : sqliteTriggers(f))
          await sql.raw(statement).execute(db);
      await backfillAggregates(db);
      await db.schema.dropIndex('points_event_user_tag_day').ifExists().execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('points_event_user_tag_day')
        .ifNotExists()
        .on('points_event')
        .columns(['user_id', 'tag', 'created_at', 'points'])
        .execute();
      for (const f of FEEDS) {
        const name = `${f.table}_aggregates`;
        if (pg) {
          await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${f.table}`).execute(db);
          await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
        } else {
          for (const op of ['insert', 'delete', 'update'])
            await sql.raw(`DROP TRIGGER IF EXISTS ${name}_${op}`).execute(db);
        }
      }
      await db.schema.dropTable('tag_points').ifExists().execute();
      await db.schema.dropTable('activity_bucket').ifExists().execute();
    },
  };
}
