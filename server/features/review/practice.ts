import { PRACTICE_CARDS_MAX } from '../../../core/writing/summary';
import { reviewCardId } from '../../../core/review/results';
import type { Catalog } from '../../content/catalog';
import { inTransaction, type Db } from '../../db/client';
import { invalidArgument } from '../../http/errors';
import { createReviewCards } from './cards';

export interface PracticeResult {
  /** Cards this call put into review. */
  added: number;
  /** The topic's cards in review that the learner has not answered yet, after the call. */
  waiting: number;
}

/**
 * "Practice this" (decision 053): a topic the learner keeps getting wrong in their writing
 * gets its grammar questions into spaced review, as new cards due now. It tops the topic up
 * to PRACTICE_CARDS_MAX cards not yet answered, from its questions not already in review
 * (in the lesson's order), so pressing it again adds nothing until those are reviewed.
 */
export async function practiceTopic(
  db: Db,
  catalog: Catalog,
  userId: string,
  topicPath: string,
  now: Date,
): Promise<PracticeResult> {
  const topic = catalog.grammar.topics.get(topicPath);
  if (!topic) throw invalidArgument(`There is no grammar topic "${topicPath}".`);
  const ids = topic.questions.map((q) => q.id);
  if (ids.length === 0) return { added: 0, waiting: 0 };
  return inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('review_card')
      .select(['item_id', 'state', 'suspended'])
      .where('user_id', '=', userId)
      .where(
        'card_id',
        'in',
        ids.map((id) => reviewCardId('grammar', id)),
      )
      .execute();
    const inReview = new Set(existing.map((c) => c.item_id));
    const waiting = existing.filter((c) => Number(c.state) === 0 && !Number(c.suspended)).length;
    const add = ids
      .filter((id) => !inReview.has(id))
      .slice(0, Math.max(0, PRACTICE_CARDS_MAX - waiting));
    await createReviewCards(trx, userId, 'grammar', add, now.toISOString());
    return { added: add.length, waiting: waiting + add.length };
  });
}
