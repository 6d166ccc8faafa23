import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { MAX_SYNC_OPS, SYNC_BATCH_BYTES } from '../../core/constants';
import { EMPTY_STATS, type GrammarStats } from '../../core/grammar/results';
import { addAnswer, addAttempt, answerPoints } from '../../core/grammar/scoring';
import {
  EMPTY_ITEM_LISTS,
  applyLike,
  withListOp,
  type ItemKind,
  type ItemLists,
} from '../../core/items/items';
import { isAnswerOp, type TSyncOp } from '../../core/sync/ops';

/**
 * Progress kept in this browser (IndexedDB database "skillway"):
 * - `guest`: what a signed-out learner did, as the very ops `/api/sync` takes, merged into
 *   the account on sign-in;
 * - `outbox`: ops a signed-in learner made while the network was down, per user id, sent
 *   when it returns;
 * - `guest-doodle`: a guest's doodles as PNG bytes, uploaded after the merge.
 * What a guest keeps — answers, quizzes, list changes, likes, drafts (the newest entries per
 * item) and doodles — is written through app/lib/sync.ts's `recordGuest*` functions only,
 * and summed for the learner by `summarizeGuestWork`.
 * Ops carry their `opId` from the moment they are made, so sending one twice adds nothing.
 * `view` is display only (the client's own grading, to show progress before the server has
 * it); the server never sees it and grades every op again from content.
 */
export interface OpView {
  /** answer: whether the chosen option is right, and the question's tags. */
  correct?: boolean;
  tags?: string[];
  /** attempt: the topic score (0–100) and the points it adds, to total and by tag. */
  score?: number;
  points?: number;
  byTag?: Record<string, number>;
}

export interface LocalRecord {
  seq: number;
  op: TSyncOp;
  view?: OpView;
  at: string;
}
export interface OutboxRecord extends LocalRecord {
  userId: string;
}
export interface GuestDoodle {
  opId: string;
  wordId: string;
  png: ArrayBuffer;
  at: string;
}

interface SkillwayDb extends DBSchema {
  outbox: {
    key: number;
    value: Omit<OutboxRecord, 'seq'> & { seq?: number };
    indexes: { 'by-user': string };
  };
  guest: { key: number; value: Omit<LocalRecord, 'seq'> & { seq?: number } };
  'guest-doodle': { key: string; value: GuestDoodle };
}

export const DB_NAME = 'skillway';
const DB_VERSION = 1;

let opening: Promise<IDBPDatabase<SkillwayDb> | null> | null = null;

/** The database, or null where IndexedDB is missing or refused (then nothing is kept). */
export function openStore(): Promise<IDBPDatabase<SkillwayDb> | null> {
  if (opening) return opening;
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening = openDB<SkillwayDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('guest', { keyPath: 'seq', autoIncrement: true });
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('by-user', 'userId');
      db.createObjectStore('guest-doodle', { keyPath: 'opId' });
    },
    // Another tab upgrading the schema: let it, and reopen on next use.
    blocking() {
      void opening?.then((db) => db?.close());
      opening = null;
    },
  }).catch(() => null);
  return opening;
}

/** Closes the connection (tests delete the database between cases). */
export async function closeStore(): Promise<void> {
  const db = await opening;
  db?.close();
  opening = null;
}

const now = () => new Date().toISOString();

export async function addGuestOp(op: TSyncOp, view?: OpView): Promise<LocalRecord | null> {
  return (await addGuestOps([op], view))?.[0] ?? null;
}

/** A guest's ops, in one transaction: all kept, or none (a study round's words together). */
export async function addGuestOps(
  ops: readonly TSyncOp[],
  view?: OpView,
): Promise<LocalRecord[] | null> {
  const db = await openStore();
  if (!db) return null;
  const tx = db.transaction('guest', 'readwrite');
  const at = now();
  const records = await Promise.all(
    ops.map(async (op) => {
      const record = { op, at, ...(view ? { view } : {}) };
      return { ...record, seq: await tx.store.add(record) };
    }),
  );
  await tx.done;
  return records;
}

type EntriesOp = Extract<TSyncOp, { type: 'entries' }>;
const sameDraft = (a: TSyncOp, b: EntriesOp) =>
  a.type === 'entries' && a.kind === b.kind && a.itemId === b.itemId;

/**
 * A guest's draft: the newest entries of one item replace the ones kept before, so the log
 * holds one draft per item however often it was saved. Returns the record and the seqs gone.
 */
export async function putGuestEntries(
  op: EntriesOp,
): Promise<{ record: LocalRecord; replaced: number[] } | null> {
  const db = await openStore();
  if (!db) return null;
  const tx = db.transaction('guest', 'readwrite');
  let replaced: number[] = [];
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (sameDraft(cursor.value.op, op)) {
      replaced = [...replaced, cursor.primaryKey];
      await cursor.delete();
    }
  }
  const record = { op, at: now() };
  const seq = await tx.store.add(record);
  await tx.done;
  return { record: { ...record, seq }, replaced };
}

/**
 * A signed-in learner's draft that has not reached the server (offline, or the save failed):
 * the newest entries of one item replace the ones this user kept before in the outbox, so it
 * holds one draft per item, sent with the rest of the outbox. Returns the record and the seqs gone.
 */
export async function putOutboxEntries(
  userId: string,
  op: EntriesOp,
): Promise<{ record: OutboxRecord; replaced: number[] } | null> {
  const db = await openStore();
  if (!db) return null;
  const tx = db.transaction('outbox', 'readwrite');
  let replaced: number[] = [];
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.userId === userId && sameDraft(cursor.value.op, op)) {
      replaced = [...replaced, cursor.primaryKey];
      await cursor.delete();
    }
  }
  const record = { userId, op, at: now() };
  const seq = await tx.store.add(record);
  await tx.done;
  return { record: { ...record, seq }, replaced };
}

/** The newest kept record of one item's entries (a guest's or a learner's draft), or null. */
export function keptEntriesRecord(
  records: readonly LocalRecord[],
  kind: ItemKind,
  itemId: string,
): (LocalRecord & { op: EntriesOp }) | null {
  let found: (LocalRecord & { op: EntriesOp }) | null = null;
  for (const r of records)
    if (r.op.type === 'entries' && r.op.kind === kind && r.op.itemId === itemId)
      found = r as LocalRecord & { op: EntriesOp };
  return found;
}

export async function addOutboxOp(
  userId: string,
  op: TSyncOp,
  view?: OpView,
): Promise<OutboxRecord | null> {
  const db = await openStore();
  if (!db) return null;
  const record = { userId, op, at: now(), ...(view ? { view } : {}) };
  const seq = await db.add('outbox', record);
  return { ...record, seq };
}

/** Keeps a guest's doodle; null where nothing can be kept. */
export async function addGuestDoodle(
  wordId: string,
  png: ArrayBuffer,
): Promise<GuestDoodle | null> {
  const db = await openStore();
  if (!db) return null;
  const doodle = { opId: crypto.randomUUID(), wordId, png, at: now() };
  await db.put('guest-doodle', doodle);
  return doodle;
}

/** Everything kept, oldest first: guest ops, every user's outbox, and the guest's doodles. */
export async function readAll(): Promise<{
  guest: LocalRecord[];
  outbox: OutboxRecord[];
  doodles: GuestDoodle[];
}> {
  const db = await openStore();
  if (!db) return { guest: [], outbox: [], doodles: [] };
  const [guest, outbox, doodles] = await Promise.all([
    db.getAll('guest'),
    db.getAll('outbox'),
    db.getAll('guest-doodle'),
  ]);
  return {
    guest: guest as LocalRecord[],
    outbox: outbox as OutboxRecord[],
    doodles: doodles.sort((a, b) => a.at.localeCompare(b.at)),
  };
}

export async function removeOps(store: 'guest' | 'outbox', seqs: readonly number[]) {
  const db = await openStore();
  if (!db || seqs.length === 0) return;
  const tx = db.transaction(store, 'readwrite');
  await Promise.all([...seqs.map((s) => tx.store.delete(s)), tx.done]);
}

export async function removeGuestDoodle(opId: string): Promise<void> {
  const db = await openStore();
  await db?.delete('guest-doodle', opId);
}

/** Splits ops into `/api/sync` batches: at most 200 ops and 48 KiB of JSON each. */
export function toBatches<T extends { op: TSyncOp }>(records: readonly T[]): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const r of records) {
    const size = JSON.stringify(r.op).length + 1;
    if (current.length > 0 && (current.length >= MAX_SYNC_OPS || bytes + size > SYNC_BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(r);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Lists with the kept ops of one kind applied in order (what the server will make of them). */
export function overlayLists(
  base: ItemLists,
  records: readonly LocalRecord[],
  kind: ItemKind,
): ItemLists {
  let lists = base;
  for (const { op } of records) {
    if (op.type === 'item' && op.kind === kind) lists = withListOp(lists, op.itemId, op.op);
    else if (op.type === 'like' && op.kind === kind) lists = applyLike(lists, op.itemId, op.liked);
  }
  return lists;
}

/**
 * Grammar stats with the kept answers and quizzes added as the server will add them
 * (core/grammar/scoring.ts): the first answer to a question counts, each quiz adds its points.
 */
export function overlayStats(base: GrammarStats, records: readonly LocalRecord[]): GrammarStats {
  let stats = base;
  for (const { op, view } of records) {
    if (op.type === 'answer') {
      const correct = view?.correct === true;
      const byTag = correct ? answerPoints(view?.tags ?? []) : {};
      stats = addAnswer(stats, op.questionId, op.choiceIndex, { correct, byTag });
    } else if (op.type === 'attempt' && view?.score !== undefined) {
      stats = addAttempt(stats, op.topicId, {
        score: view.score,
        byTag: { ...view.byTag, total: view.points ?? 0 },
      });
    }
  }
  return stats;
}

/**
 * What a guest has kept on this device, by kind, as the account will have it after the
 * merge: answers and quizzes (with their points), drafts, doodles and list changes.
 */
export interface GuestWork {
  answers: number;
  quizzes: number;
  points: number;
  drafts: number;
  doodles: number;
  planned: number;
  completed: number;
  saved: number;
  liked: number;
}

export function summarizeGuestWork(records: readonly LocalRecord[], doodles: number): GuestWork {
  const stats = overlayStats(EMPTY_STATS, records);
  const kinds = [...new Set(records.flatMap(({ op }) => ('kind' in op ? [op.kind] : [])))];
  const lists = kinds.map((kind) => overlayLists(EMPTY_ITEM_LISTS, records, kind));
  const sum = (key: keyof ItemLists) => lists.reduce((n, l) => n + l[key].length, 0);
  const drafts = new Set(
    records.flatMap(({ op }) => (op.type === 'entries' ? [`${op.kind}:${op.itemId}`] : [])),
  );
  return {
    answers: Object.keys(stats.questions).length,
    quizzes: records.filter((r) => r.op.type === 'attempt').length,
    points: stats.pts.total,
    drafts: drafts.size,
    doodles,
    planned: sum('planned'),
    completed: sum('completed'),
    saved: sum('saved'),
    liked: sum('liked'),
  };
}

export interface PendingSummary {
  answers: number;
  /** Review cards answered offline; left out when there are none. */
  reviews?: number;
  changes: number;
}

export function summarize(records: readonly LocalRecord[], doodles = 0): PendingSummary {
  const answers = records.filter((r) => isAnswerOp(r.op)).length;
  const reviews = records.filter((r) => r.op.type === 'review').length;
  const changes = records.length - answers - reviews + doodles;
  return reviews > 0 ? { answers, reviews, changes } : { answers, changes };
}

/** "3 answers", "1 answer, 2 review answers and 1 change", "" when nothing. */
export function describePending({ answers, reviews = 0, changes }: PendingSummary): string {
  const part = (n: number, one: string, many: string) =>
    n > 0 ? `${n} ${n === 1 ? one : many}` : '';
  const parts = [
    part(answers, 'answer', 'answers'),
    part(reviews, 'review answer', 'review answers'),
    part(changes, 'change', 'changes'),
  ].filter(Boolean);
  return parts.length > 1
    ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
    : (parts[0] ?? '');
}
