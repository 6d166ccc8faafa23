import { useCallback, useEffect, useMemo, useState } from 'react';
import type { WritingFinding } from '../../../core/writing/findings';
import { ApiError, api } from '../../lib/http-client';
import { useOffline } from '../../lib/sync';
import { dismissKey, shiftFindings } from './marks';

// A field's findings as the learner writes (POST /api/writing/check, decisions 050 and 053).

/** Quiet time after the last keystroke before a check is sent. */
export const CHECK_AFTER_MS = 900;

/**
 * How the field's checking stands: `offline` (no request; checked when back), `error` (the
 * last check failed; the next edit tries again), `busy` (429: the learner's limit, or the checker's queue is full).
 */
export type CheckState = 'ready' | 'checking' | 'offline' | 'error' | 'busy';

export interface WritingCheck {
  /** Findings on the current text, without dismissed ones. */
  findings: WritingFinding[];
  state: CheckState;
  /** The current text has been checked (the findings are its own, not shifted from an older text). */
  current: boolean;
  dismiss: (finding: WritingFinding) => void;
}

const NONE: WritingFinding[] = [];

/**
 * Checks `text` CHECK_AFTER_MS after it stops changing. A newer text cancels the check in
 * flight (AbortController); meanwhile the last findings are moved onto the new text
 * (`shiftFindings`), so underlines stay on their words and touched ones go. Offline, nothing
 * is sent, and the text is checked once the browser is back online.
 */
export function useWritingCheck(text: string): WritingCheck {
  const [checked, setChecked] = useState<{ text: string; findings: WritingFinding[] }>({
    text: '',
    findings: NONE,
  });
  const [state, setState] = useState<CheckState>('ready');
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const offline = useOffline();
  const blank = text.trim() === '';

  useEffect(() => {
    if (offline || blank || text === checked.text) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState('checking');
      api.writing.check
        .$post({ json: { text } }, { init: { signal: controller.signal } })
        .then((res) => res.json())
        .then(({ findings }) => {
          setChecked({ text, findings });
          setState('ready');
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          setState(err instanceof ApiError && err.status === 429 ? 'busy' : 'error');
        });
    }, CHECK_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, offline, blank, checked.text]);

  const findings = useMemo(() => {
    if (blank) return NONE;
    return shiftFindings(checked.findings, checked.text, text).filter(
      (f) => !dismissed.has(dismissKey(f, text)),
    );
  }, [blank, checked, text, dismissed]);

  const dismiss = useCallback(
    (f: WritingFinding) => setDismissed((d) => new Set(d).add(dismissKey(f, text))),
    [text],
  );

  return {
    findings,
    state: offline ? 'offline' : state,
    current: blank || checked.text === text,
    dismiss,
  };
}
