import { useState } from 'react';
import { EMPTY_ITEM_LISTS, type ListOp } from '../../../core/items/items';
import { useItemLists, useLikeAction, useListAction } from '../../lib/items';
import { useStableCallback } from '../../lib/stable-callback';

/** The last change to a word, with how to take it back. */
export interface WordChange {
  text: string;
  undo: () => void;
}

/**
 * A word's quiet actions, the same on its card and in its dialog: plan, learned ("I already
 * know this", and its undo) and like. Each change says what it did, with Undo; a refused one
 * says why. Stable callbacks, so memoized cards are not drawn again.
 */
export function useWordActions() {
  const { data } = useItemLists('word');
  const lists = data ?? EMPTY_ITEM_LISTS;
  const listAction = useListAction('word');
  const likeAction = useLikeAction('word');
  const [error, setError] = useState<string | null>(null);
  const [change, setChange] = useState<WordChange | null>(null);

  const send = (id: string, op: ListOp) => {
    setError(null);
    listAction(id, op).catch((e: Error) => {
      setChange(null);
      setError(e.message);
    });
  };
  const togglePlan = useStableCallback((id: string, word: string) => {
    const planned = lists.planned.includes(id);
    send(id, planned ? 'unplan' : 'plan');
    setChange({
      text: planned ? `“${word}” is off your plan.` : `“${word}” is on your plan.`,
      undo: () => {
        setChange(null);
        send(id, planned ? 'plan' : 'unplan');
      },
    });
  });
  const toggleLearned = useStableCallback((id: string, word: string) => {
    const learned = lists.completed.includes(id);
    send(id, learned ? 'uncomplete' : 'complete');
    setChange({
      text: learned
        ? `“${word}” is back to learning; it leaves your reviews.`
        : `“${word}” is learned: it joins your reviews.`,
      undo: () => {
        setChange(null);
        send(id, learned ? 'complete' : 'uncomplete');
      },
    });
  });
  const toggleLike = useStableCallback((id: string) => {
    setError(null);
    likeAction(id, !lists.liked.includes(id)).catch((e: Error) => setError(e.message));
  });
  return {
    lists,
    loaded: data !== undefined,
    error,
    change,
    dismiss: useStableCallback(() => setChange(null)),
    togglePlan,
    toggleLearned,
    toggleLike,
  };
}
