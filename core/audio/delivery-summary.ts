import type { DeliveryFigures } from './delivery';

/** A length as m:ss ("1:42"), rounded to the nearest second. */
export function minutesSeconds(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Silence above this share of the speaking time earns a tip about it. */
const MUCH_SILENCE = 0.35;

interface DeliverySummary {
  /** Each figure as a value and what it is: "1:42" "spoken, of a 2:00 target", "2" "long pauses · longest 0:04", "18%" "silence". */
  parts: { value: string; label: string }[];
  /** One encouraging, concrete next step. */
  tip: string;
}

/**
 * The delivery card's words for a recording with speech: the figures in the order a coach
 * would say them, and the one tip that matters most (length first, then pauses, then silence).
 */
export function deliverySummary(figures: DeliveryFigures, targetMs: number): DeliverySummary {
  const target = minutesSeconds(targetMs);
  const { speakingMs, longPauses, longestPauseMs, silenceShare } = figures;
  const pauses = `long pause${longPauses === 1 ? '' : 's'}`;
  const parts = [
    { value: minutesSeconds(speakingMs), label: `spoken, of a ${target} target` },
    {
      value: String(longPauses),
      label: longPauses === 0 ? pauses : `${pauses} · longest ${minutesSeconds(longestPauseMs)}`,
    },
    { value: `${Math.round(silenceShare * 100)}%`, label: 'silence' },
  ];
  let tip: string;
  if (speakingMs < targetMs * 0.5)
    tip = `A good start. Strong answers run closer to ${target}: add a concrete example and what came of it.`;
  else if (speakingMs > targetMs * 1.25)
    tip = `Plenty to say! Aim to finish within ${target}: keep the setup short and spend the time on what you did.`;
  else if (longPauses > 0)
    tip =
      'Good length. Pausing to think is fine; saying "let me think for a moment" keeps the interviewer with you.';
  else if (silenceShare > MUCH_SILENCE)
    tip = 'Good length. Try linking your points ("so", "because of that") to keep a steady flow.';
  else
    tip = 'Good length and a steady flow. Next, check it covered what the interviewer looks for.';
  return { parts, tip };
}
