import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { AnswerResult, AttemptResult } from '../grammar/results';
import type { ItemKind } from '../items/items';
import type { ReviewAnswerResult } from '../review/results';
import type { MatchSaved } from '../vocabulary/match';
import type { ZSyncOp } from './schema';

/**
 * `POST /api/sync`: a batch of operations the browser kept while signed out (guest progress)
 * or offline (the outbox). Every op has an id the browser made once, so sending the same op
 * again — a lost response, a second tab, a second sign-in — is recognized and adds nothing.
 * The server grades answers itself; there is no score, `correct` or points field to send.
 * The batch limits are MAX_SYNC_OPS and SYNC_BATCH_BYTES in constants.ts.
 */
export type TSyncOp = z.infer<typeof ZSyncOp>;

/** An item op's outcome: the record's list flags after it. */
export interface ItemOpResult {
  kind: ItemKind;
  itemId: string;
  planned: boolean;
  completed: boolean;
  saved: boolean;
  doodled: boolean;
  learning: boolean;
  liked: boolean;
}

export type SyncOpResult =
  | {
      opId: string;
      /** applied: this request made the change; replayed: an earlier one did (nothing added). */
      status: 'applied' | 'replayed';
      result: AnswerResult | AttemptResult | ItemOpResult | ReviewAnswerResult | MatchSaved;
    }
  | {
      opId: string;
      /** The op can never succeed (unknown question or item, foreign attempt id…): drop it. */
      status: 'rejected';
      error: { code: ErrorCode; message: string };
    };

export interface SyncResponse {
  results: SyncOpResult[];
}

/**
 * Answers (single questions and quizzes) versus list changes, for "3 answers waiting to
 * sync"; review answers are counted on their own ("2 review answers").
 */
export const isAnswerOp = (op: Pick<TSyncOp, 'type'>) =>
  op.type === 'answer' || op.type === 'attempt';

/** Header naming a doodle upload's op id, so a retried upload stores one doodle. */
export const OP_ID_HEADER = 'X-Op-Id';
