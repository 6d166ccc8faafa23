/** The five kinds of per-item records (spec: userwords, userprompts, useractivities, userinterviews, userinsights). */
export const ITEM_KINDS = ['word', 'prompt', 'activity', 'interview', 'insight'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const LIST_OPS = ['plan', 'unplan', 'complete', 'save', 'unsave', 'doodled'] as const;
export type ListOp = (typeof LIST_OPS)[number];

/**
 * What each kind supports (spec sections 3–4): saving is for prompts, interviews and
 * activities; the doodled list is vocabulary's; gameScore is returned for words,
 * activities and interviews; showAgain is not on prompts or insights.
 */
export const KIND_CAPS: Record<
  ItemKind,
  { ops: readonly ListOp[]; gameScore: boolean; showAgain: boolean }
> = {
  word: { ops: ['plan', 'unplan', 'complete', 'doodled'], gameScore: true, showAgain: true },
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
  /** Not a spec list, but the cards need it: the items the user liked. */
  liked: string[];
}
