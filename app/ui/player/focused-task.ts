import { useEffect } from 'react';

// Focused tasks on screen (a player session swaps one for the next, keyed by item).
let shown = 0;

/**
 * While a focused task — a practice player, onboarding — is on screen the document says so
 * (`<html data-player>`): on a phone the shell's tab bar, drawer-toggle row and
 * confirm-your-address banner give way (app/styles.css), so the task and its buttons have the
 * screen. Set after render, so the server's HTML and hydration agree.
 */
export function useFocusedTask() {
  useEffect(() => {
    shown += 1;
    document.documentElement.dataset.player = 'true';
    return () => {
      shown -= 1;
      if (shown === 0) delete document.documentElement.dataset.player;
    };
  }, []);
}
