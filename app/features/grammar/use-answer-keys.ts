import { useEffect, useEffectEvent } from 'react';

/**
 * Number keys 1–n choose an option while the question is unanswered; Enter (when given)
 * moves on once it is answered — unless the learner is typing or a button or link has focus.
 */
export function useAnswerKeys(opts: {
  optionCount: number;
  answered: boolean;
  choose: (index: number) => void;
  onEnter?: () => void;
}) {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (e.metaKey || e.ctrlKey || e.altKey) return;
    const n = Number(e.key);
    if (!opts.answered && Number.isInteger(n) && n >= 1 && n <= opts.optionCount) {
      e.preventDefault();
      opts.choose(n - 1);
    } else if (
      e.key === 'Enter' &&
      opts.answered &&
      opts.onEnter &&
      target?.tagName !== 'BUTTON' &&
      target?.tagName !== 'A'
    ) {
      e.preventDefault();
      opts.onEnter();
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
