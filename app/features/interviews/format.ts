import { formatDayMonth } from '../../../core/dates';

const pad = (n: number) => String(n).padStart(2, '0');

/** A length of time as mm:ss ("01:05"), rounded down to the second. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** When a recording was made, in the learner's time: "5 Mar, 14:02". */
export function formatRecordedAt(iso: string): string {
  const date = new Date(iso);
  const day = formatDayMonth(date);
  if (!day) return '';
  return `${day}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
