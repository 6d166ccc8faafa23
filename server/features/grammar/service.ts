import { sql } from 'kysely';
import type { TDeepDiveQuestion, TGrammarQuestion } from '../../../core/content/grammar';
import { DEEP_DIVE_COUNT } from '../../../core/constants';
import {
  deepDiveQuestionId,
  type AnswerResult,
  type AttemptResult,
  type GrammarStats,
  type TopicAnswers,
} from '../../../core/grammar/results';
import {
  answerLedgerPoints,
  answerPoints,
  gradeAnswer,
  gradeAttempt,
  type PointsByTag,
} from '../../../core/grammar/scoring';
import type { TAnswerRequest, TAttemptRequest } from '../../../core/requests';
import type { Catalog } from '../../content/catalog';
import { inTransaction, type Db } from '../../db/client';
import { isPostgres, prepared, run } from '../../db/prepared';
import { AppError, invalidArgument, notFound } from '../../http/errors';
import { createReviewCards, reviewCardInsert } from '../review/cards';

type Gradable = Pick<TGrammarQuestion, 'options' | 'correctIndex' | 'tags'>;

/** Every answerable question by id: topic questions and the deep dive's `deep-dive-{n}`. */
export function questionIndex(catalog: Catalog): Map<string, Gradable> {
  const index = new Map<string, Gradable>();
  for (const topic of catalog.grammar.topics.values())
    for (const q of topic.questions) index.set(q.id, q);
  for (const q of catalog.grammar.deepDive as TDeepDiveQuestion[])
    index.set(deepDiveQuestionId(q.id), q);
  return index;
}

/** Ledger rows for one source: `points` to total and to each tag. */
function pointRows(userId: string, source: string, byTag: PointsByTag, now: string) {
  return Object.entries(byTag).map(([tag, points]) => ({
    user_id: userId,
    source,
    tag,
    points,
    created_at: now,
  }));
}

const storeAnswer = prepared((db, p) =>
  db
    .insertInto('grammar_answer')
    .values({
      user_id: p('userId'),
      question_id: p('questionId'),
      choice: p('choice'),
      correct: p('correct'),
      answered_at: p('now'),
    })
    .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
    .returning('question_id'),
);

const firstAnswer = prepared((db, p) =>
  db
    .selectFrom('grammar_answer')
    .select(['choice', 'correct'])
    .where('user_id', '=', p<string>('userId'))
    .where('question_id', '=', p<string>('questionId')),
);

/** A correct first answer's points: total and each of the question's tags (one row each). */
const pointsByTagCount = new Map<number, ReturnType<typeof preparePoints>>();
function preparePoints(rows: number) {
  return prepared((db, p) =>
    db
      .insertInto('points_event')
      .values(
        Array.from({ length: rows }, (_, i) => ({
          user_id: p<string>('userId'),
          source: p<string>('source'),
          tag: p<string>(`tag${i}`),
          points: p<number>('points'),
          created_at: p<string>('now'),
        })),
      )
      .onConflict((oc) => oc.doNothing()),
  );
}
function storePoints(db: Db, args: Record<string, unknown>, tags: readonly string[]) {
  let query = pointsByTagCount.get(tags.length);
  if (!query) pointsByTagCount.set(tags.length, (query = preparePoints(tags.length)));
  const named = { ...args, ...Object.fromEntries(tags.map((t, i) => [`tag${i}`, t])) };
  return run(db, query(db, named));
}

/**
 * PostgreSQL: the answer and what a fresh one earns (points when right, a review card when
 * wrong) in one statement. All parts of a statement see the rows as they were when it
 * began, so `choice`/`correct` are the earlier answer's when this one was not the first.
 */
const answerOnce = (earns: 'points' | 'card') =>
  prepared<{ inserted: number; choice: number | null; correct: number | null }>((db, p) => {
    const card = reviewCardInsert.columns;
    const extra =
      earns === 'points'
        ? sql`insert into points_event (user_id, source, tag, points, created_at)
            select ${p('userId')}, ${p('source')}, t.tag, ${p('points')}::integer, ${p('now')}
            from ins cross join unnest(${p('tags')}::text[]) as t(tag)
            on conflict do nothing`
        : sql`insert into review_card (${sql.join(card.map((c) => sql.ref(c.name)))})
            select ${sql.join(card.map((c) => sql`${p(c.name)}::${sql.raw(c.pgType)}`))}
            from ins
            on conflict (user_id, card_id) do nothing`;
    const statement = sql<{ inserted: number; choice: number | null; correct: number | null }>`
      with ins as (
        insert into grammar_answer (user_id, question_id, choice, correct, answered_at)
        values (${p('userId')}, ${p('questionId')}, ${p('choice')}, ${p('correct')}, ${p('now')})
        on conflict (user_id, question_id) do nothing
        returning question_id
      ), earned as (${extra})
      select (select count(*) from ins) as inserted, g.choice, g.correct
      from (select 1) as one
      left join grammar_answer g on g.user_id = ${p('userId')} and g.question_id = ${p('questionId')}`;
    return { compile: () => statement.compile(db) };
  });
const answerOnceRight = answerOnce('points');
const answerOnceWrong = answerOnce('card');

/**
 * Grades one answer from content (never trusting the client) and stores it. The first
 * answer to a question is the one that counts: the insert does nothing on a repeat, and
 * only a fresh correct answer adds points (a fresh wrong one a review card), atomically:
 * one statement on PostgreSQL, one transaction on SQLite.
 */
export async function answerQuestion(
  db: Db,
  questions: Map<string, Gradable>,
  userId: string,
  req: TAnswerRequest,
  at = new Date(),
): Promise<AnswerResult> {
  const q = questions.get(req.questionId);
  if (!q) throw notFound(`There is no grammar question "${req.questionId}".`);
  if (req.choiceIndex >= q.options.length) {
    throw invalidArgument(
      `choiceIndex must be between 0 and ${q.options.length - 1} for this question.`,
    );
  }
  const { correct } = gradeAnswer(q, req.choiceIndex);
  const now = at.toISOString();
  // What a correct first answer adds, the same to the total and to each tag (core's rule).
  const earned = answerPoints(q.tags);
  const tags = Object.keys(earned);
  const args = {
    userId,
    questionId: req.questionId,
    choice: req.choiceIndex,
    correct: correct ? 1 : 0,
    now,
    source: `question:${req.questionId}`,
    points: earned.total,
  };
  const fresh: AnswerResult = {
    questionId: req.questionId,
    choiceIndex: req.choiceIndex,
    correct,
    correctIndex: q.correctIndex,
    pointsAdded: answerLedgerPoints(true, correct),
    firstAnswer: true,
  };
  const repeat = (first: { choice: number; correct: number }): AnswerResult => ({
    questionId: req.questionId,
    choiceIndex: first.choice,
    correct: first.correct === 1,
    correctIndex: q.correctIndex,
    pointsAdded: 0,
    firstAnswer: false,
  });
  if (isPostgres(db)) {
    const query = correct
      ? answerOnceRight(db, { ...args, tags })
      : answerOnceWrong(db, {
          ...args,
          ...reviewCardInsert.args(userId, 'grammar', req.questionId, now),
        });
    const [row] = await run(db, query);
    if (Number(row?.inserted) === 1) return fresh;
    if (row?.choice != null && row.correct != null)
      return repeat({ choice: row.choice, correct: row.correct });
    // The first answer committed while this statement ran: read it now.
    const [first] = await run(db, firstAnswer(db, args));
    return repeat(first as { choice: number; correct: number });
  }
  return inTransaction(db, async (trx) => {
    const inserted = await run(trx, storeAnswer(trx, args));
    if (inserted.length === 0) {
      const [first] = await run(trx, firstAnswer(trx, args));
      return repeat(first as { choice: number; correct: number });
    }
    // A question got wrong becomes a review card.
    if (correct) await storePoints(trx, args, tags);
    else await createReviewCards(trx, userId, 'grammar', [req.questionId], now);
    return fresh;
  });
}

/**
 * Grades a whole quiz from content, stores the topic score (0–100) and adds 10 points per
 * correct answer to total and to each of that question's tags. Idempotent on attemptId:
 * a replay returns the stored result and adds nothing.
 */
export async function submitAttempt(
  db: Db,
  catalog: Catalog,
  userId: string,
  req: TAttemptRequest,
  at = new Date(),
): Promise<AttemptResult> {
  const topic = catalog.grammar.topics.get(req.topicId);
  if (!topic) throw notFound(`There is no grammar topic "${req.topicId}".`);
  const asked = req.questionIds
    ? req.questionIds.map((id, i) => {
        const q = topic.questions.find((t) => t.id === id);
        if (!q) throw invalidArgument(`questionIds.${i}: "${id}" is not a question of this topic.`);
        return q;
      })
    : topic.questions;
  if (new Set(asked).size !== asked.length)
    throw invalidArgument('questionIds must not repeat a question.');
  if (req.answers.length !== asked.length) {
    throw invalidArgument(`This quiz asked ${asked.length} questions; send one answer for each.`);
  }
  asked.forEach((q, i) => {
    if ((req.answers[i] as number) >= q.options.length)
      throw invalidArgument(`answers.${i} must be between 0 and ${q.options.length - 1}.`);
  });
  const graded = gradeAttempt(asked, req.answers);
  const { correct, total, score } = graded;
  const wrong = graded.wrong.map((i) => asked[i]!.id);
  const now = at.toISOString();
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('quiz_attempt')
      .values({
        id: req.attemptId,
        user_id: userId,
        topic_id: req.topicId,
        answers: JSON.stringify(req.answers),
        question_ids: req.questionIds ? JSON.stringify(req.questionIds) : null,
        correct,
        total,
        score,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const prior = await trx
        .selectFrom('quiz_attempt')
        .selectAll()
        .where('id', '=', req.attemptId)
        .executeTakeFirstOrThrow();
      if (prior.user_id !== userId || prior.topic_id !== req.topicId) {
        throw new AppError(
          'already-exists',
          'This attempt id is already used. Start the quiz again.',
        );
      }
      return {
        attemptId: prior.id,
        topicId: prior.topic_id,
        correct: prior.correct,
        total: prior.total,
        score: prior.score,
        pointsAdded: 0,
        replayed: true,
      };
    }
    await trx
      .insertInto('topic_score')
      .values({ user_id: userId, topic_id: req.topicId, score, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['user_id', 'topic_id']).doUpdateSet({ score, updated_at: now }),
      )
      .execute();
    if (graded.points > 0) {
      await trx
        .insertInto('points_event')
        .values(pointRows(userId, `attempt:${req.attemptId}`, graded.byTag, now))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await createReviewCards(trx, userId, 'grammar', wrong, now);
    return {
      attemptId: req.attemptId,
      topicId: req.topicId,
      correct,
      total,
      score,
      pointsAdded: graded.points,
      replayed: false,
    };
  });
}

/** Every deep-dive question's id: the content numbers them 1 to DEEP_DIVE_COUNT. */
const DEEP_DIVE_QUESTION_IDS = Array.from({ length: DEEP_DIVE_COUNT }, (_, i) =>
  deepDiveQuestionId(i + 1),
);

/**
 * The three reads of uGramStats in one statement (`k` says which table a row came from).
 * Points by tag: the ledger's sums kept in tag_points (migration 0019). Answers: the deep
 * dive's, by primary key (at most DEEP_DIVE_COUNT rows however long the learner's history,
 * and never a question gone from the content).
 */
export const statsRows = prepared((db, p) => {
  const userId = p<string>('userId');
  return db
    .selectFrom('tag_points')
    .select([
      sql<'p' | 'a' | 't'>`'p'`.as('k'),
      'tag as id',
      'points as n',
      sql<number | null>`null`.as('choice'),
    ])
    .where('user_id', '=', userId)
    .unionAll(
      db
        .selectFrom('grammar_answer')
        .select([sql<'a'>`'a'`.as('k'), 'question_id as id', 'correct as n', 'choice'])
        .where('user_id', '=', userId)
        .where('question_id', 'in', DEEP_DIVE_QUESTION_IDS),
    )
    .unionAll(
      db
        .selectFrom('topic_score')
        .select([
          sql<'t'>`'t'`.as('k'),
          'topic_id as id',
          'score as n',
          sql<number | null>`null`.as('choice'),
        ])
        .where('user_id', '=', userId),
    );
});

/**
 * uGramStats from rows: three indexed reads in one statement (UNION ALL, so one round trip
 * and one connection), no per-item queries. Its size does not grow with the learner's history.
 */
export async function grammarStats(db: Db, userId: string): Promise<GrammarStats> {
  const rows = await run(db, statsRows(db, { userId }));
  const byTag: Record<string, number> = {};
  const questions: Record<string, boolean> = {};
  const choices: Record<string, number> = {};
  const topics: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    if (r.k === 'p') {
      if (r.id === 'total') total = n;
      else byTag[r.id] = n;
    } else if (r.k === 'a') {
      questions[r.id] = n === 1;
      choices[r.id] = Number(r.choice);
    } else {
      topics[r.id] = n;
    }
  }
  return { pts: { total, byTag }, questions, choices, topics };
}

const answersAmongCount = new Map<number, ReturnType<typeof prepareAnswersAmong>>();
function prepareAnswersAmong(count: number) {
  return prepared((db, p) =>
    db
      .selectFrom('grammar_answer')
      .select(['question_id', 'choice', 'correct'])
      .where('user_id', '=', p<string>('userId'))
      .where(
        'question_id',
        'in',
        Array.from({ length: count }, (_, i) => p<string>(`q${i}`)),
      ),
  );
}

/** The learner's first answers to given questions, by primary key: one lookup each. */
export function answersAmong(db: Db, userId: string, ids: readonly string[]) {
  let query = answersAmongCount.get(ids.length);
  if (!query) answersAmongCount.set(ids.length, (query = prepareAnswersAmong(ids.length)));
  return query(db, { userId, ...Object.fromEntries(ids.map((id, i) => [`q${i}`, id])) });
}

/**
 * A topic's questions the learner answered one by one (the rest of the old uGramStats, on
 * request): only the topic's questions in the content, read by primary key.
 */
export async function topicAnswers(
  db: Db,
  catalog: Catalog,
  userId: string,
  topicId: string,
): Promise<TopicAnswers> {
  const topic = catalog.grammar.topics.get(topicId);
  if (!topic) throw notFound(`There is no grammar topic "${topicId}".`);
  const ids = topic.questions.map((q) => q.id);
  const rows = await run(db, answersAmong(db, userId, ids));
  const byId = new Map(rows.map((r) => [r.question_id, r]));
  const out: TopicAnswers = { topicId, questions: {}, choices: {} };
  // In the content's order, so the same answers always read the same.
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    out.questions[id] = Number(r.correct) === 1;
    out.choices[id] = Number(r.choice);
  }
  return out;
}
