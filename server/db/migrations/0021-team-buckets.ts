import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../client';

/**
 * A team's points per 15-minute UTC bucket (docs/decisions/057-team-figures-kept-running.md),
 * so the team overview's weeks read at most a few thousand rows whatever the team's size:
 * `team_bucket` holds, per team and bucket, the sum of its current members' activity_bucket
 * points (migration 0019). Every zone's day still folds exactly from the buckets.
 *
 * Triggers keep it in the statement that changes what it sums: activity_bucket's points
 * (themselves kept by 0019's triggers, so every answer, quiz, review, sync and deletion
 * reaches it), and a membership's insert or delete (joining brings the member's past
 * points into the team's buckets, leaving takes them out, as the report counts current
 * members). A sum back at zero loses its row, so the table holds exactly what a GROUP BY
 * over members joined to activity_bucket gives. Taking away only ever UPDATEs and DELETEs,
 * so a cascade (a team's or an account's deletion) cannot bring a row back. No foreign key
 * to the team: its members' deletion empties its rows.
 */

const add = (team: string, bucket: string, amount: string, from: string, where: string) =>
  `INSERT INTO team_bucket (team_id, bucket, points)
      SELECT ${team}, ${bucket}, ${amount} FROM ${from} WHERE ${where}
      ON CONFLICT (team_id, bucket) DO UPDATE SET points = team_bucket.points + excluded.points`;

/** A member's change of `delta` in `bucket`, into each of their teams' buckets (in team order). */
const bucketAdds = (row: 'NEW' | 'OLD', delta: string) => [
  add(
    'm."organizationId"',
    `${row}.bucket`,
    delta,
    'member m',
    `m."userId" = ${row}.user_id ORDER BY m."organizationId"`,
  ),
  `DELETE FROM team_bucket WHERE bucket = ${row}.bucket AND points = 0
      AND team_id IN (SELECT "organizationId" FROM member WHERE "userId" = ${row}.user_id)`,
];

/** Takes `amount` out of each of a member's teams' `bucket`: UPDATE, then DELETE at zero. */
const bucketRemoves = (row: 'NEW' | 'OLD', amount: string) => [
  `UPDATE team_bucket SET points = points - (${amount}) WHERE bucket = ${row}.bucket
      AND team_id IN (SELECT "organizationId" FROM member WHERE "userId" = ${row}.user_id)`,
  `DELETE FROM team_bucket WHERE bucket = ${row}.bucket AND points = 0
      AND team_id IN (SELECT "organizationId" FROM member WHERE "userId" = ${row}.user_id)`,
];

/** A membership's points (all of the member's buckets) into its team. */
const memberAdds = (row: 'NEW' | 'OLD') => [
  add(
    `${row}."organizationId"`,
    'ab.bucket',
    'ab.points',
    'activity_bucket ab',
    `ab.user_id = ${row}."userId" AND ab.points <> 0`,
  ),
];

/** A membership's points out of its team. */
const memberRemoves = (row: 'NEW' | 'OLD') => {
  const mine = `team_id = ${row}."organizationId" AND bucket IN
      (SELECT ab.bucket FROM activity_bucket ab WHERE ab.user_id = ${row}."userId" AND ab.points <> 0)`;
  return [
    `UPDATE team_bucket SET points = points - (SELECT ab.points FROM activity_bucket ab
      WHERE ab.user_id = ${row}."userId" AND ab.bucket = team_bucket.bucket) WHERE ${mine}`,
    `DELETE FROM team_bucket WHERE ${mine} AND points = 0`,
  ];
};

const body = (statements: string[]) => statements.map((s) => `  ${s};`).join('\n');

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER IF NOT EXISTS activity_bucket_team_insert AFTER INSERT ON activity_bucket
  WHEN NEW.points <> 0
BEGIN
${body(bucketAdds('NEW', 'NEW.points'))}
END`,
  `CREATE TRIGGER IF NOT EXISTS activity_bucket_team_more AFTER UPDATE OF points ON activity_bucket
  WHEN NEW.points > OLD.points
BEGIN
${body(bucketAdds('NEW', 'NEW.points - OLD.points'))}
END`,
  `CREATE TRIGGER IF NOT EXISTS activity_bucket_team_less AFTER UPDATE OF points ON activity_bucket
  WHEN NEW.points < OLD.points
BEGIN
${body(bucketRemoves('NEW', 'OLD.points - NEW.points'))}
END`,
  `CREATE TRIGGER IF NOT EXISTS activity_bucket_team_delete AFTER DELETE ON activity_bucket
  WHEN OLD.points <> 0
BEGIN
${body(bucketRemoves('OLD', 'OLD.points'))}
END`,
  `CREATE TRIGGER IF NOT EXISTS member_team_bucket_insert AFTER INSERT ON member
BEGIN
${body(memberAdds('NEW'))}
END`,
  `CREATE TRIGGER IF NOT EXISTS member_team_bucket_delete AFTER DELETE ON member
BEGIN
${body(memberRemoves('OLD'))}
END`,
  `CREATE TRIGGER IF NOT EXISTS member_team_bucket_update AFTER UPDATE OF "organizationId", "userId" ON member
BEGIN
${body([...memberRemoves('OLD'), ...memberAdds('NEW')])}
END`,
];

const SQLITE_TRIGGER_NAMES = SQLITE_TRIGGERS.map((t) => /TRIGGER IF NOT EXISTS (\w+)/.exec(t)![1]!);

/**
 * PostgreSQL: one plpgsql function per table. Deletions run it BEFORE each row goes:
 * an account's deletion removes its memberships and its activity buckets by cascade, and
 * PostgreSQL fires the AFTER triggers of cascaded deletions only once both are gone, when
 * neither could find the other. Before, whichever goes first still sees the other.
 */
const POSTGRES_TRIGGERS = [
  `CREATE OR REPLACE FUNCTION activity_bucket_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.points <> 0 THEN
    ${body(bucketAdds('NEW', 'NEW.points'))}
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.points > OLD.points THEN
    ${body(bucketAdds('NEW', 'NEW.points - OLD.points'))}
    ELSIF NEW.points < OLD.points THEN
    ${body(bucketRemoves('NEW', 'OLD.points - NEW.points'))}
    END IF;
  ELSE
    IF OLD.points <> 0 THEN
    ${body(bucketRemoves('OLD', 'OLD.points'))}
    END IF;
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$`,
  `CREATE OR REPLACE TRIGGER activity_bucket_team AFTER INSERT OR UPDATE OF points
  ON activity_bucket FOR EACH ROW EXECUTE FUNCTION activity_bucket_team()`,
  `CREATE OR REPLACE TRIGGER activity_bucket_team_delete BEFORE DELETE
  ON activity_bucket FOR EACH ROW EXECUTE FUNCTION activity_bucket_team()`,
  `CREATE OR REPLACE FUNCTION member_team_bucket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
  ${body(memberRemoves('OLD'))}
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  ${body(memberAdds('NEW'))}
  RETURN NULL;
END
$$`,
  `CREATE OR REPLACE TRIGGER member_team_bucket AFTER INSERT OR UPDATE OF "organizationId", "userId"
  ON member FOR EACH ROW EXECUTE FUNCTION member_team_bucket()`,
  `CREATE OR REPLACE TRIGGER member_team_bucket_delete BEFORE DELETE
  ON member FOR EACH ROW EXECUTE FUNCTION member_team_bucket()`,
];

/** Teams recomputed per backfill transaction. */
const BACKFILL_TEAMS = 20;

/**
 * Recomputes team_bucket from the members' activity buckets, a batch of teams (by id) per
 * transaction: each batch deletes its teams' rows and inserts them again from a GROUP BY, so
 * a second run, or one after a crash, ends with the same rows. Exported for the test.
 */
export async function backfillTeamBuckets(
  db: Kysely<unknown>,
  batchSize = BACKFILL_TEAMS,
): Promise<void> {
  const teams = db as unknown as Kysely<{ organization: { id: string } }>;
  let after = '';
  for (;;) {
    const batch = await teams
      .selectFrom('organization')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    const last = batch.at(-1)?.id;
    if (last === undefined) return;
    const run = async (trx: Kysely<unknown>) => {
      await sql`DELETE FROM team_bucket WHERE team_id > ${after} AND team_id <= ${last}`.execute(
        trx,
      );
      await sql`INSERT INTO team_bucket (team_id, bucket, points)
        SELECT m."organizationId", ab.bucket, SUM(ab.points)
        FROM member m JOIN activity_bucket ab ON ab.user_id = m."userId"
        WHERE m."organizationId" > ${after} AND m."organizationId" <= ${last} AND ab.points <> 0
        GROUP BY m."organizationId", ab.bucket
        HAVING SUM(ab.points) <> 0`.execute(trx);
    };
    // On PostgreSQL the migrator runs every pending migration in one transaction.
    await (db.isTransaction ? run(db) : db.transaction().execute(run));
    after = last;
  }
}

export function teamBucketsMigration(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('team_bucket')
        .ifNotExists()
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_bucket_pk', ['team_id', 'bucket'])
        .$call((q) => (pg ? q : q.modifyEnd(sql.raw('without rowid'))))
        .execute();
      for (const statement of pg ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS)
        await sql.raw(statement).execute(db);
      await backfillTeamBuckets(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (pg) {
        for (const [name, table] of [
          ['activity_bucket_team', 'activity_bucket'],
          ['activity_bucket_team_delete', 'activity_bucket'],
          ['member_team_bucket', 'member'],
          ['member_team_bucket_delete', 'member'],
        ])
          await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`).execute(db);
        await sql.raw('DROP FUNCTION IF EXISTS activity_bucket_team()').execute(db);
        await sql.raw('DROP FUNCTION IF EXISTS member_team_bucket()').execute(db);
      } else {
        for (const name of SQLITE_TRIGGER_NAMES)
          await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
      }
      await db.schema.dropTable('team_bucket').ifExists().execute();
    },
  };
}
