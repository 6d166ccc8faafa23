import { randomUUID } from 'node:crypto';
import { DAILY_GOAL_OPTIONS } from '../../../core/progress/goal';
import type { Db } from '../../db/client';
import { isPostgres } from '../../db/prepared';

/** Names the bulk members get, in turn, so sorting by name is not sorting by number. */
const FIRST_NAMES = ['Zoe', 'Adam', 'Mia', 'Liam', 'Ava', 'Noah', 'Emma', 'Omar', 'Ines', 'Yuki'];

/** What member `i` of a bulk team did, so a test can say what the report must show. */
export function bulkMember(i: number) {
  return {
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${String(i).padStart(5, '0')}`,
    /** Points earned an hour ago (so today in UTC for most of the day), 0 for every fifth. */
    pointsNow: i % 5 === 0 ? 0 : (i % 13) * 40 + 10,
    /** Points 20 days ago. */
    pointsBefore: i % 3 === 0 ? 40 : 0,
    dailyGoal: DAILY_GOAL_OPTIONS[i % DAILY_GOAL_OPTIONS.length]!,
    /** Scores of the first `n` topics: none for every fourth member. */
    topicScores: Array.from({ length: i % 4 }, (_, k) => (i * 7 + k * 31) % 101),
  };
}

/**
 * A team of `size` members written with SQL in bulk (a few statements per 100 members),
 * in the shape the app writes: accounts, memberships, the points ledger's 'total' rows,
 * saved daily goals and topic scores. For tests and measurements of large teams; the
 * owner is an existing account (`ownerId`), and members are `bulkMember(i)`.
 */
export async function bulkTeam(
  db: Db,
  {
    slug,
    ownerId,
    size,
    topics,
    now = new Date(),
  }: { slug: string; ownerId: string; size: number; topics: readonly string[]; now?: Date },
): Promise<{ teamId: string; userIds: string[] }> {
  const teamId = randomUUID();
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - 3600 * 1000).toISOString();
  const before = new Date(now.getTime() - 20 * 24 * 3600 * 1000).toISOString();
  const verified = isPostgres(db) ? true : 1;
  await db
    .insertInto('organization')
    .values({ id: teamId, name: `Team ${slug}`, slug, createdAt: at })
    .execute();
  await db
    .insertInto('member')
    .values({
      id: randomUUID(),
      organizationId: teamId,
      userId: ownerId,
      role: 'owner',
      createdAt: at,
    })
    .execute();
  const userIds: string[] = [];
  for (let start = 0; start < size; start += 100) {
    const batch = Array.from({ length: Math.min(100, size - start) }, (_, k) => start + k);
    const ids = batch.map(() => randomUUID());
    userIds.push(...ids);
    const who = batch.map((i, k) => ({ i, id: ids[k]!, m: bulkMember(i) }));
    await db
      .insertInto('user')
      .values(
        who.map(({ i, id, m }) => ({
          id,
          name: m.name,
          email: `m${i}.${slug}@example.test`,
          emailVerified: verified,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute();
    await db
      .insertInto('member')
      .values(
        who.map(({ id }) => ({
          id: randomUUID(),
          organizationId: teamId,
          userId: id,
          role: 'member',
          createdAt: at,
        })),
      )
      .execute();
    const points = who.flatMap(({ id, m }) => [
      ...(m.pointsNow > 0
        ? [
            {
              user_id: id,
              source: `attempt:${randomUUID()}`,
              tag: 'total',
              points: m.pointsNow,
              created_at: hourAgo,
            },
          ]
        : []),
      ...(m.pointsBefore > 0
        ? [
            {
              user_id: id,
              source: `attempt:${randomUUID()}`,
              tag: 'total',
              points: m.pointsBefore,
              created_at: before,
            },
          ]
        : []),
    ]);
    if (points.length > 0) await db.insertInto('points_event').values(points).execute();
    await db
      .insertInto('profile_field')
      .values(
        who.map(({ id, m }) => ({
          user_id: id,
          field: 'dailyGoal',
          value: JSON.stringify(m.dailyGoal),
          updated_at: at,
        })),
      )
      .execute();
    const scores = who.flatMap(({ id, m }) =>
      m.topicScores.map((score, k) => ({
        user_id: id,
        topic_id: topics[k % topics.length]!,
        score,
        updated_at: at,
      })),
    );
    if (scores.length > 0) await db.insertInto('topic_score').values(scores).execute();
  }
  return { teamId, userIds };
}
