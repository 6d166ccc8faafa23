import { sql } from 'kysely';
import { POINTS_PER_CORRECT_ANSWER, POINTS_PER_SINGLE_QUESTION } from '../../../core/constants';
import type { TDeepDiveQuestion, TGrammarQuestion } from '../../../core/content/grammar';
import {
  deepDiveQuestionId,
  type AnswerResult,
  type AttemptResult,
  type GrammarStats,
} from '../../../core/grammar/api';
import type { TAnswerRequest, TAttemptRequest } from '../../../core/requests';
import type { Catalog } from '../../content/catalog';
import { inTransaction, type Db } from '../../db/client';
import { AppError, invalidArgument, notFound } from '../../http/errors';
import { createReviewCards } from '../review/cards';

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
function pointRows(userId: string, source: string, perTag: Map<string, number>, now: string) {
  return [...perTag.entries()].map(([tag, points]) => ({
    user_id: userId,
    source,
    tag,
    points,
    created_at: now,
  }));
}

/**
 * Grades one answer from content (never trusting the client) and stores it. The first
 * answer to a question is the one that counts: the insert does nothing on a repeat, and
 * only a fresh correct answer adds points, in the same transaction.
 */
export async function answerQuestion(
  db: Db,
  questions: Map<string, Gradable>,
  userId: string,
  req: TAnswerRequest,
): Promise<AnswerResult> {
  const q = questions.get(req.questionId);
  if (!q) throw notFound(`There is no grammar question "${req.questionId}".`);
  if (req.choiceIndex >= q.options.length) {
    throw invalidArgument(
      `choiceIndex must be between 0 and ${q.options.length - 1} for this question.`,
    );
  }
  const correct = req.choiceIndex === q.correctIndex;
  const now = new Date().toISOString();
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('grammar_answer')
      .values({
        user_id: userId,
        question_id: req.questionId,
        choice: req.choiceIndex,
        correct: correct ? 1 : 0,
        answered_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
      .returning('question_id')
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom('grammar_answer')
        .select(['choice', 'correct'])
        .where('user_id', '=', userId)
        .where('question_id', '=', req.questionId)
        .executeTakeFirstOrThrow();
      return {
        questionId: req.questionId,
        choiceIndex: first.choice,
        correct: first.correct === 1,
        correctIndex: q.correctIndex,
        pointsAdded: 0,
        firstAnswer: false,
      };
    }
    // A question got wrong becomes a review card.
    if (!correct) await createReviewCards(trx, userId, 'grammar', [req.questionId], now);
    let pointsAdded = 0;
    if (correct) {
      const perTag = new Map<string, number>([['total', POINTS_PER_SINGLE_QUESTION]]);
      for (const tag of q.tags) perTag.set(tag, POINTS_PER_SINGLE_QUESTION);
      await trx
        .insertInto('points_event')
        .values(pointRows(userId, `question:${req.questionId}`, perTag, now))
        .onConflict((oc) => oc.doNothing())
        .execute();
      pointsAdded = POINTS_PER_SINGLE_QUESTION;
    }
    return {
      questionId: req.questionId,
      choiceIndex: req.choiceIndex,
      correct,
      correctIndex: q.correctIndex,
      pointsAdded,
      firstAnswer: true,
    };
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
): Promise<AttemptResult> {
  const topic = catalog.grammar.topics.get(req.topicId);
  if (!topic) throw notFound(`There is no grammar topic "${req.topicId}".`);
  if (req.answers.length !== topic.questions.length) {
    throw invalidArgument(
      `This quiz has ${topic.questions.length} questions; send one answer for each.`,
    );
  }
  const perTag = new Map<string, number>();
  const wrong: string[] = [];
  let correct = 0;
  topic.questions.forEach((q, i) => {
    const choice = req.answers[i] as number;
    if (choice >= q.options.length)
      throw invalidArgument(`answers.${i} must be between 0 and ${q.options.length - 1}.`);
    if (choice !== q.correctIndex) {
      wrong.push(q.id);
      return;
    }
    correct++;
    perTag.set('total', (perTag.get('total') ?? 0) + POINTS_PER_CORRECT_ANSWER);
    for (const tag of q.tags) perTag.set(tag, (perTag.get(tag) ?? 0) + POINTS_PER_CORRECT_ANSWER);
  });
  const total = topic.questions.length;
  const score = Math.round((correct / total) * 100);
  const now = new Date().toISOString();
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('quiz_attempt')
      .values({
        id: req.attemptId,
        user_id: userId,
        topic_id: req.topicId,
        answers: JSON.stringify(req.answers),
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
    if (perTag.size > 0) {
      await trx
        .insertInto('points_event')
        .values(pointRows(userId, `attempt:${req.attemptId}`, perTag, now))
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
      pointsAdded: correct * POINTS_PER_CORRECT_ANSWER,
      replayed: false,
    };
  });
}

/**
 * uGramStats from rows: three indexed reads in one statement (UNION ALL, so one round trip
 * and one connection), no per-item queries. `k` says which table a row came from.
 */
export async function grammarStats(db: Db, userId: string): Promise<GrammarStats> {
  const rows = await db
    .selectFrom('points_event')
    .select([
      sql<'p' | 'a' | 't'>`'p'`.as('k'),
      'tag as id',
      db.fn.sum<number>('points').as('n'),
      sql<number | null>`null`.as('choice'),
    ])
    .where('user_id', '=', userId)
    .groupBy('tag')
    .unionAll(
      db
        .selectFrom('grammar_answer')
        .select([sql<'a'>`'a'`.as('k'), 'question_id as id', 'correct as n', 'choice'])
        .where('user_id', '=', userId),
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
    )
    .execute();
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
