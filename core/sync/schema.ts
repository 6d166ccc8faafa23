import { z } from 'zod';
import { MAX_SYNC_OPS } from '../constants';
import { ITEM_KINDS, LIST_OPS } from '../items/items';
import {
  ZAnswerRequest,
  ZAttemptRequest,
  ZEntries,
  ZMatchTime,
  ZReviewCardParam,
  ZReviewTzQuery,
  ZWordSetParam,
  oneReviewAnswer,
  reviewAnswerFields,
} from '../requests';

/**
 * The zod schemas of `POST /api/sync`, apart from core/sync/ops.ts so that the browser's
 * outbox (which needs only the types and limits) does not carry zod into the first load.
 */
const opId = z.uuid();
const itemId = z.string().min(1).max(120);

export const ZSyncOp = z.discriminatedUnion('type', [
  /** A single question answered (deep dive or any topic question): `POST /api/grammar/answers`. */
  z.strictObject({ opId, type: z.literal('answer'), ...ZAnswerRequest.shape }),
  /** A whole quiz: `POST /api/grammar/attempts` (the attempt id is the quiz run's). */
  z.strictObject({ opId, type: z.literal('attempt'), ...ZAttemptRequest.shape }),
  /** A list change: `POST /api/items/:kind/:itemId/:op`. */
  z.strictObject({
    opId,
    type: z.literal('item'),
    kind: z.enum(ITEM_KINDS),
    itemId,
    op: z.enum(LIST_OPS),
  }),
  /** A like or unlike: `PATCH /api/items/:kind/:itemId {liked}`. */
  z.strictObject({
    opId,
    type: z.literal('like'),
    kind: z.enum(ITEM_KINDS),
    itemId,
    liked: z.boolean(),
  }),
  /**
   * A record's entries replaced (a guest's draft): `PATCH /api/items/:kind/:itemId {entries}`.
   * The browser keeps only the newest per item, so the merge writes the latest text.
   */
  z.strictObject({
    opId,
    type: z.literal('entries'),
    kind: z.enum(ITEM_KINDS),
    itemId,
    entries: ZEntries,
  }),
  /**
   * A review card answered: `POST /api/review/:cardId/answer?tz= {choiceIndex}` or
   * `{typed}`, with the op id as its `reviewId` (so the same answer sent both ways applies
   * once). Ops kept before typed recall carry choiceIndex, as they still may.
   */
  z
    .strictObject({
      opId,
      type: z.literal('review'),
      cardId: ZReviewCardParam.shape.cardId,
      ...reviewAnswerFields,
      tz: ZReviewTzQuery.shape.tz,
    })
    .superRefine(oneReviewAnswer),
  /**
   * A guest's best Match time in a word set: `POST /api/vocabulary/:set/match {ms}`. The
   * account keeps the better of the two.
   */
  z.strictObject({
    opId,
    type: z.literal('match'),
    setId: ZWordSetParam.shape.set,
    ms: ZMatchTime.shape.ms,
  }),
]);

export const ZSyncBatch = z.strictObject({
  ops: z.array(ZSyncOp).min(1).max(MAX_SYNC_OPS),
});
