/** The five kinds of per-item records (spec: userwords, userprompts, useractivities, userinterviews, userinsights). */
export const ITEM_KINDS = ['word', 'prompt', 'activity', 'interview', 'insight'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const LIST_OPS = [
  'plan',
  'unplan',
  'complete',
  'uncomplete',
  'learning',
  'save',
  'unsave',
  'doodled',
] as const;
export type ListOp = (typeof LIST_OPS)[number];

/** The spec's lists kept as flags on a per-item record. */
export type ItemList = 'planned' | 'completed' | 'saved' | 'doodled' | 'learning';

/**
 * What each list operation does: the list it adds the item to (kept if already there) and
 * the lists it takes the item off. The server's UPSERT and the client's optimistic update
 * are both derived from this table.
 */
export const LIST_OP_EFFECTS: Record<ListOp, { add?: ItemList; remove: readonly ItemList[] }> = {
  plan: { add: 'planned', remove: [] },
  unplan: { remove: ['planned'] },
  complete: { add: 'completed', remove: ['planned'] },
  /** Undo of complete: a word studied before is learning again, else new (core/vocabulary/study.ts). */
  uncomplete: { remove: ['completed'] },
  /** Still learning: studied and not known yet, or missed in review; no longer learned. */
  learning: { add: 'learning', remove: ['completed'] },
  save: { add: 'saved', remove: ['planned'] },
  unsave: { remove: ['saved'] },
  doodled: { add: 'doodled', remove: [] },
};

/**
 * What each kind supports (spec sections 3–4): saving is for prompts, interviews and
 * activities; the doodled list is vocabulary's; gameScore is returned for words,
 * activities and interviews; showAgain is not on prompts or insights.
 */
export const KIND_CAPS: Record<
  ItemKind,
  { ops: readonly ListOp[]; gameScore: boolean; showAgain: boolean }
> = {
  word: {
    ops: ['plan', 'unplan', 'complete', 'uncomplete', 'learning', 'doodled'],
    gameScore: true,
    showAgain: true,
  },
  prompt: {
    ops: ['plan', 'unplan', 'complete', 'save', 'unsave'],
    gameScore: false,
    showAgain: false,
  },
  activity: {
    ops: ['plan', 'unplan', 'complete', 'save', 'unsave'],
    gameScore: true,
    showAgain: true,
  },
  interview: {
    ops: ['plan', 'unplan', 'complete', 'save', 'unsave'],
    gameScore: true,
    showAgain: true,
  },
  insight: { ops: ['plan', 'unplan', 'complete'], gameScore: false, showAgain: false },
};

export const ITEM_STATUSES = ['visited', 'started', 'completed'] as const;
export const MAX_ENTRIES = 50;
/** Entries as UTF-8 JSON; below the API's 64 KiB body cap, so this message is the one users meet. */
export const MAX_ENTRIES_BYTES = 32 * 1024;

/**
 * The spec's per-item record as the API's writes return it (visit, list operations, patch):
 * what the pages use. Reading a record also gives its visit times (ItemRecordRead).
 */
export interface ItemRecord {
  kind: ItemKind;
  itemId: string;
  visits: number;
  liked: boolean;
  status: string | null;
  entries: unknown[];
  showAgain?: boolean;
  gameScore?: number | null;
  planned: boolean;
  completed: boolean;
  saved: boolean;
  doodled: boolean;
  learning: boolean;
}

/** `GET /api/items/:kind/:itemId`: the record with its latest visit times (at most 100), oldest first. */
export interface ItemRecordRead extends ItemRecord {
  visitedAt: string[];
}

/** The spec's stats lists (uVocabStats, uPromptsStats, …) for one kind, oldest first. */
export interface ItemLists {
  planned: string[];
  completed: string[];
  saved: string[];
  doodled: string[];
  /** Words studied and not learned yet (the learning list). */
  learning: string[];
  /** Not a spec list, but the cards need it: the items the user liked. */
  liked: string[];
}

/** No item in any list: a new learner's (and a guest's base for kept changes). */
export const EMPTY_ITEM_LISTS: ItemLists = {
  planned: [],
  completed: [],
  saved: [],
  doodled: [],
  learning: [],
  liked: [],
};

/**
 * The lists after one operation on an item, as the server applies it (a pure function: the
 * server's applyListOp, server/features/items/service.ts, stores the result).
 */
export function withListOp(lists: ItemLists, id: string, op: ListOp): ItemLists {
  const { add, remove } = LIST_OP_EFFECTS[op];
  const next = { ...lists };
  for (const list of remove) next[list] = next[list].filter((x) => x !== id);
  if (add && !next[add].includes(id)) next[add] = [...next[add], id];
  return next;
}

/** The lists after a like or unlike of an item. */
export function applyLike(lists: ItemLists, id: string, liked: boolean): ItemLists {
  const others = lists.liked.filter((x) => x !== id);
  return { ...lists, liked: liked ? [...others, id] : others };
}
