import { formatDayMonth } from '../../../../core/dates';

/** '2026-03-05' → '5 Mar' (the key is already a day in the learner's zone). */
export const dayLabel = (day: string) => formatDayMonth(`${day}T12:00:00Z`, 'UTC');

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
