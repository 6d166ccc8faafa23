import { useEffect, useEffectEvent } from 'react';

/**
 * The player's keyboard: number keys 1–n choose an option while the item is unanswered;
 * Enter (when given) continues once it is answered — unless a button or link has focus,
 * which Enter presses itself; Escape (when given) asks to leave. Nothing while the learner is
 * typing, while a dialog is open, or while a menu or drawer is open (Escape closes those).
 */
export function usePlayerKeys(opts: {
  optionCount: number;
  answered: boolean;
  choose: (index: number) => void;
  onEnter?: () => void;
  onEscape?: () => void;
}) {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (e.metaKey || e.ctrlKey || e.altKey) return;
    if (document.querySelector('dialog[open]')) return;
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
    } else if (
      e.key === 'Escape' &&
      opts.onEscape &&
      !document.querySelector('[aria-expanded="true"]')
    ) {
      e.preventDefault();
      opts.onEscape();
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
