import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FSRS } from 'ts-fsrs';
import { POINTS_PER_CORRECT_ANSWER } from '../../../core/constants';
import { answerMode } from '../../../core/review/ask';
import {
  applyReview,
  dayBounds,
  planQueue,
  type CardState,
  type QueueCounts,
} from '../../../core/review/schedule';
import {
  parseCardId,
  type ReviewAnswerResult,
  type ReviewCardView,
  type ReviewKind,
  type ReviewQueue,
} from '../../../core/review/results';
import type { TReviewAnswer } from '../../../core/requests';
import { typedMatches } from '../../../core/vocabulary/study';
import { inTransaction, type Db } from '../../db/client';
import type { ReviewCardTable } from '../../db/schema';
import { AppError, invalidArgument, notFound } from '../../http/errors';
import { markWordLearning } from '../items/service';
import type { Askable, AskFn } from './questions';

/**
 * A card's options are shuffled from its id and due time: the same while it waits (a
 * reload, or an answer sent after midnight, sees what was shown), new for each review round.
 */
const seedOf = (card: Pick<ReviewCardTable, 'card_id' | 'due'>) => `${card.card_id}|${card.due}`;

const stateOf = (row: ReviewCardTable): CardState => ({
  due: row.due,
  stability: Number(row.stability),
  difficulty: Number(row.difficulty),
  elapsed_days: Number(row.elapsed_days),
  scheduled_days: Number(row.scheduled_days),
  learning_steps: Number(row.learning_steps),
  reps: Number(row.reps),
  lapses: Number(row.lapses),
  state: Number(row.state),
  last_review: row.last_review,
});

/** New cards (state 0) and seen ones, counted in one pass; works in both dialects. */
const splitCount = [
  sql<number>`count(case when state = 0 then 1 end)`.as('fresh'),
  sql<number>`count(case when state <> 0 then 1 end)`.as('seen'),
];

/**
 * Today's queue in the learner's zone: due seen cards (oldest due first) then new cards
 * (oldest first), within the daily caps less what was done today; catch-up serves a further
 * batch of one cap. Cards whose content has gone are left out.
 */
export async function reviewQueue(
  db: Db,
  ask: AskFn,
  userId: string,
  opts: { tz: string; mode: 'today' | 'catch-up'; now: Date },
): Promise<ReviewQueue> {
  const { end } = dayBounds(opts.now, opts.tz);
  const due = dueBy(db, userId, end);
  const [counts, later] = await Promise.all([
    queueCounts(db, userId, opts.tz, opts.now),
    // The first card due after today, for "your next review is due …".
    db
      .selectFrom('review_card')
      .select('due')
      .where('user_id', '=', userId)
      .where('suspended', '=', 0)
      .where('due', '>=', end.toISOString())
      .orderBy('due')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const plan = planQueue(counts, opts.mode);
  const pick = (fresh: boolean, limit: number) =>
    limit === 0
      ? Promise.resolve([])
      : due
          .selectAll()
          .where('state', fresh ? '=' : '<>', 0)
          .orderBy('due')
          .orderBy('card_id')
          .limit(limit)
          .execute();
  const rows = (
    await Promise.all([pick(false, plan.take.reviews), pick(true, plan.take.new)])
  ).flat();
  const views: ReviewCardView[] = [];
  for (const row of rows) {
    const kind = row.kind as ReviewKind;
    const q = ask(kind, row.item_id, seedOf(row), answerMode(kind, Number(row.reps)));
    if (!q) continue;
    const card = {
      cardId: row.card_id,
      kind,
      isNew: Number(row.state) === 0,
      prompt: q.prompt,
      detail: q.detail,
      source: q.source,
    };
    views.push(
      q.mode === 'typed'
        ? { ...card, answer: 'typed' }
        : { ...card, answer: 'choice', options: q.options },
    );
  }
  return {
    dueToday: plan.dueToday,
    waiting: plan.waiting,
    cards: views,
    nextDue: later?.due ?? null,
  };
}

/** The learner's cards due before `end` (not suspended). */
const dueBy = (db: Db, userId: string, end: Date) =>
  db
    .selectFrom('review_card')
    .where('user_id', '=', userId)
    .where('suspended', '=', 0)
    .where('due', '<', end.toISOString());

/**
 * What the day's plan is made from, in the learner's zone: due cards (new and seen) and the
 * reviews already done today — two counts over the (user_id, suspended, due) and
 * (user_id, reviewed_at) indexes.
 */
async function queueCounts(db: Db, userId: string, tz: string, now: Date): Promise<QueueCounts> {
  const { start, end } = dayBounds(now, tz);
  const [cards, done] = await Promise.all([
    dueBy(db, userId, end).select(splitCount).executeTakeFirstOrThrow(),
    db
      .selectFrom('review_log')
      .select(splitCount)
      .where('user_id', '=', userId)
      .where('reviewed_at', '>=', start.toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  return {
    dueReviews: Number(cards.seen),
    newCards: Number(cards.fresh),
    reviewedToday: Number(done.seen),
    newToday: Number(done.fresh),
  };
}

/**
 * The menu badge and Today's count: what is still due today within the daily caps, less what
 * was done today — the review page's own "n due today" (core's `planQueue`), so the badge and
 * the page never disagree.
 */
export async function dueCount(db: Db, userId: string, tz: string, now: Date): Promise<number> {
  return planQueue(await queueCounts(db, userId, tz, now), 'today').dueToday;
}

/**
 * How review_log keeps an answer. A choice: `choice_index` and `correct_index` in the order
 * shown. A typed answer: `typed` holds what was typed, and both indexes are -1 (they are
 * NOT NULL, and there were no options).
 */
const TYPED_INDEX = -1;

/** A logged answer as the answer route returns it (a replay of the same reviewId). */
async function logged(
  db: Db,
  ask: AskFn,
  userId: string,
  cardId: string,
  reviewId: string,
): Promise<ReviewAnswerResult | null> {
  const log = await db
    .selectFrom('review_log')
    .selectAll()
    .where('id', '=', reviewId)
    .executeTakeFirst();
  if (!log) return null;
  if (log.user_id !== userId || log.card_id !== cardId)
    throw new AppError('already-exists', 'This reviewId is already used; send a new one.');
  const card = parseCardId(cardId);
  const typed = log.typed !== null;
  // The right answer's text and the explanation do not depend on the round's order.
  const q = card && ask(card.kind, card.itemId, '', typed ? 'typed' : 'choice');
  return {
    correct: Number(log.correct) === 1,
    correctIndex: typed ? null : Number(log.correct_index),
    ...(q ? { answer: q.answer, explanation: q.explanation } : {}),
    next: { due: log.next_due, scheduledDays: Number(log.next_scheduled_days) },
    pointsAdded: 0, // a replay adds nothing
  };
}

/** Grades what the learner gave against how the card was asked; 400 for the wrong kind. */
function grade(q: Askable, body: TReviewAnswer): boolean {
  if (q.mode === 'typed') {
    if (body.typed === undefined)
      throw invalidArgument(
        'This card asks for the word typed: send typed (the word), not choiceIndex.',
      );
    return typedMatches(body.typed, q.answer);
  }
  if (body.choiceIndex === undefined)
    throw invalidArgument('This card is multiple choice: send choiceIndex, not typed.');
  if (body.choiceIndex >= q.options.length)
    throw invalidArgument(
      `choiceIndex must be between 0 and ${q.options.length - 1} for this card.`,
    );
  return body.choiceIndex === q.correctIndex;
}

/**
 * Grades an answer from content — a choice, or a word typed — and applies FSRS (pass →
 * Good, fail → Again) in one transaction with its log row (and, for a missed word, its
 * return to the learning list). The UPDATE is conditional on the card's reps and last
 * review, so of concurrent answers to one card exactly one applies; a replay with the same
 * reviewId returns the logged result.
 */
export async function answerCard(
  db: Db,
  ask: AskFn,
  scheduler: FSRS,
  userId: string,
  cardId: string,
  body: TReviewAnswer,
  opts: { tz: string; now: Date },
): Promise<ReviewAnswerResult> {
  const unknown = () => notFound(`There is no review card "${cardId}".`);
  if (!parseCardId(cardId)) throw unknown();
  const row = await db
    .selectFrom('review_card')
    .selectAll()
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .executeTakeFirst();
  if (!row) throw unknown();
  // Read after the card: an answer that committed since is then certainly visible here.
  if (body.reviewId) {
    const replay = await logged(db, ask, userId, cardId, body.reviewId);
    if (replay) return replay;
  }
  if (Number(row.suspended) === 1)
    throw new AppError(
      'failed-precondition',
      'This card is suspended: its word is set not to show again.',
    );
  const { end } = dayBounds(opts.now, opts.tz);
  if (row.due >= end.toISOString())
    throw new AppError(
      'failed-precondition',
      `This card is not due until ${row.due.slice(0, 10)}.`,
    );
  const kind = row.kind as ReviewKind;
  const q = ask(kind, row.item_id, seedOf(row), answerMode(kind, Number(row.reps)));
  if (!q) throw notFound('This card’s word or question is no longer in the content.');
  const correct = grade(q, body);
  const before = stateOf(row);
  const outcome = applyReview(scheduler, before, correct, opts.now);
  const applied = await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('review_card')
      .set(outcome.card)
      .where('user_id', '=', userId)
      .where('card_id', '=', cardId)
      .where('suspended', '=', 0)
      .where('reps', '=', before.reps)
      .where('last_review', before.last_review === null ? 'is' : '=', before.last_review)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const log = await trx
      .insertInto('review_log')
      .values({
        id: body.reviewId ?? randomUUID(),
        user_id: userId,
        card_id: cardId,
        rating: outcome.rating,
        ...outcome.before,
        reviewed_at: opts.now.toISOString(),
        next_state: outcome.card.state,
        next_due: outcome.card.due,
        next_stability: outcome.card.stability,
        next_difficulty: outcome.card.difficulty,
        next_scheduled_days: outcome.card.scheduled_days,
        choice_index: q.mode === 'choice' ? (body.choiceIndex ?? TYPED_INDEX) : TYPED_INDEX,
        correct_index: q.mode === 'choice' ? q.correctIndex : TYPED_INDEX,
        typed: q.mode === 'typed' ? (body.typed ?? null) : null,
        correct: correct ? 1 : 0,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    // The same reviewId on another card: undo the update.
    if (!log)
      throw new AppError('already-exists', 'This reviewId is already used; send a new one.');
    // A word missed in review is not learned after all: back on the learning list, off
    // completed (the 'learning' op's effect). Its card stays scheduled.
    if (!correct && kind === 'word')
      await markWordLearning(trx, userId, row.item_id, opts.now.toISOString());
    // Points for all practice (core/constants.ts): a right review answer earns, once per log.
    if (correct)
      await trx
        .insertInto('points_event')
        .values({
          user_id: userId,
          source: `review:${log.id}`,
          tag: 'total',
          points: POINTS_PER_CORRECT_ANSWER,
          created_at: opts.now.toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    return true;
  });
  if (!applied) {
    const replay = body.reviewId && (await logged(db, ask, userId, cardId, body.reviewId));
    if (replay) return replay;
    throw new AppError(
      'aborted',
      'This card was answered at the same moment elsewhere; it counted once.',
    );
  }
  return {
    correct,
    correctIndex: q.mode === 'choice' ? q.correctIndex : null,
    answer: q.answer,
    explanation: q.explanation,
    next: { due: outcome.card.due, scheduledDays: outcome.card.scheduled_days },
    pointsAdded: correct ? POINTS_PER_CORRECT_ANSWER : 0,
  };
}
