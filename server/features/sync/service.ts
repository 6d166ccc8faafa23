import type { FSRS } from 'ts-fsrs';
import type { ItemKind, ItemRecord } from '../../../core/items/items';
import type { ItemOpResult, SyncOpResult, TSyncOp } from '../../../core/sync/ops';
import type { SessionUser } from '../../auth/session';
import type { Catalog } from '../../content/catalog';
import { inTransaction, type Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { PremiumGate } from '../content/premium';
import { answerQuestion, submitAttempt, type questionIndex } from '../grammar/service';
import { applyListOp, patchRecord } from '../items/service';
import type { AskFn } from '../review/questions';
import { answerCard } from '../review/service';
import { recordMatchTime } from '../vocabulary/service';

interface StoredOp<R> {
  /** What the op was about (`answer:deep-dive-3`): an op id reused for another op is refused. */
  identity: string;
  result: R;
}

/**
 * Runs `effect` at most once per (user, opId). The op's row is inserted first, in the same
 * transaction as the effect (`effect` gets the open transaction, and the services' own
 * `inTransaction` joins it): a concurrent duplicate waits on that row's key (PostgreSQL) or
 * on the write lock (SQLite), then finds it and returns the stored result without running
 * the effect. An effect that throws rolls the row back, so a refused op is not remembered.
 */
export async function applyOnce<R>(
  db: Db,
  userId: string,
  opId: string,
  identity: string,
  effect: (db: Db) => Promise<R>,
): Promise<{ status: 'applied' | 'replayed'; result: R }> {
  return inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const claimed = await trx
      .insertInto('client_op')
      .values({ user_id: userId, op_id: opId, result: '{}', created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'op_id']).doNothing())
      .returning('op_id')
      .executeTakeFirst();
    if (!claimed) {
      const prior = await trx
        .selectFrom('client_op')
        .select('result')
        .where('user_id', '=', userId)
        .where('op_id', '=', opId)
        .executeTakeFirstOrThrow();
      const stored = JSON.parse(prior.result) as StoredOp<R>;
      if (stored.identity !== identity) {
        throw new AppError('already-exists', 'This opId was already used for another operation.');
      }
      return { status: 'replayed' as const, result: stored.result };
    }
    const result = await effect(trx);
    const stored: StoredOp<R> = { identity, result };
    await trx
      .updateTable('client_op')
      .set({ result: JSON.stringify(stored) })
      .where('user_id', '=', userId)
      .where('op_id', '=', opId)
      .execute();
    return { status: 'applied' as const, result };
  });
}

const slim = (r: ItemRecord): ItemOpResult => ({
  kind: r.kind,
  itemId: r.itemId,
  planned: r.planned,
  completed: r.completed,
  saved: r.saved,
  doodled: r.doodled,
  learning: r.learning,
  liked: r.liked,
});

export interface SyncContext {
  db: Db;
  catalog: Catalog;
  questions: ReturnType<typeof questionIndex>;
  /** The same gate as PATCH /api/items/:kind/:itemId. */
  premium: PremiumGate;
  /** What the review routes grade and schedule with. */
  review: { ask: AskFn; scheduler: FSRS };
}

/** One op through the same service function its own endpoint calls; graded from content. */
function applyOp(ctx: SyncContext, user: SessionUser, op: TSyncOp) {
  const { db, catalog, questions } = ctx;
  const known = (kind: ItemKind, itemId: string) => {
    if (!catalog.itemIds[kind].has(itemId)) throw notFound(`There is no ${kind} "${itemId}".`);
  };
  switch (op.type) {
    case 'answer':
      return applyOnce(db, user.id, op.opId, `answer:${op.questionId}`, (d) =>
        answerQuestion(d, questions, user.id, {
          questionId: op.questionId,
          choiceIndex: op.choiceIndex,
        }),
      );
    case 'attempt':
      return applyOnce(db, user.id, op.opId, `attempt:${op.attemptId}`, (d) =>
        submitAttempt(d, catalog, user.id, {
          attemptId: op.attemptId,
          topicId: op.topicId,
          questionIds: op.questionIds,
          answers: op.answers,
        }),
      );
    case 'item':
      return applyOnce(db, user.id, op.opId, `item:${op.kind}:${op.itemId}:${op.op}`, async (d) => {
        known(op.kind, op.itemId);
        return slim(await applyListOp(d, user.id, op.kind, op.itemId, op.op));
      });
    case 'like':
      return applyOnce(
        db,
        user.id,
        op.opId,
        `like:${op.kind}:${op.itemId}:${op.liked}`,
        async (d) => {
          known(op.kind, op.itemId);
          ctx.premium.require(user, op.kind, op.itemId);
          return slim(await patchRecord(d, user.id, op.kind, op.itemId, { liked: op.liked }));
        },
      );
    case 'entries':
      return applyOnce(db, user.id, op.opId, `entries:${op.kind}:${op.itemId}`, async (d) => {
        known(op.kind, op.itemId);
        // The same gate as PATCH /api/items/:kind/:itemId.
        ctx.premium.require(user, op.kind, op.itemId);
        return slim(await patchRecord(d, user.id, op.kind, op.itemId, { entries: op.entries }));
      });
    case 'review':
      // The op id is the review id: an answer that also reached the answer endpoint (a lost
      // reply) comes back from the review log, and the other way round. Only the user's own
      // cards are found (404 otherwise); not due or suspended is 412, a race 409.
      return applyOnce(db, user.id, op.opId, `review:${op.cardId}`, (d) =>
        answerCard(
          d,
          ctx.review.ask,
          ctx.review.scheduler,
          user.id,
          op.cardId,
          op.typed === undefined
            ? { choiceIndex: op.choiceIndex, reviewId: op.opId }
            : { typed: op.typed, reviewId: op.opId },
          { tz: op.tz, now: new Date() },
        ),
      );
    case 'match':
      // A guest's best time joins the account's: the lower of the two is kept.
      return applyOnce(db, user.id, op.opId, `match:${op.setId}`, (d) => {
        if (!catalog.vocabulary.setById.has(op.setId))
          throw notFound(`There is no word set "${op.setId}".`);
        return recordMatchTime(d, user.id, op.setId, op.ms);
      });
  }
}

/**
 * Applies a batch in order, each op in its own transaction. An op the client got wrong in a
 * way it cannot fix by retrying (unknown question or item, a foreign attempt id, an option
 * the question does not have) is `rejected` with its error and the rest go on; anything
 * else (the database failing) stops the batch with a 5xx, and the client sends it again —
 * the ops already applied come back `replayed`.
 */
export async function applyBatch(
  ctx: SyncContext,
  user: SessionUser,
  ops: readonly TSyncOp[],
): Promise<SyncOpResult[]> {
  const results: SyncOpResult[] = [];
  for (const op of ops) {
    try {
      const { status, result } = await applyOp(ctx, user, op);
      results.push({ opId: op.opId, status, result });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      results.push({
        opId: op.opId,
        status: 'rejected',
        error: { code: err.code, message: err.message },
      });
    }
  }
  return results;
}
