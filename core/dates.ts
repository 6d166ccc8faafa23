const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Day number plus abbreviated month, e.g. "5 Mar" (spec section 1). Takes a Date or an
 * ISO string; uses the local calendar day unless a time zone is given. Returns '' for
 * an invalid date rather than "NaN undefined".
 */
export function formatDayMonth(input: Date | string | number, timeZone?: string): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone) {
    const parts = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'numeric', timeZone })
      .formatToParts(date)
      .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
    return `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1] ?? ''}`;
  }
  return `${date.getDate()} ${MONTHS[date.getMonth()] ?? ''}`;
}

/** A calendar day in the learner's time zone, 'YYYY-MM-DD'. */
export type DayKey = string;

/** Calendar arithmetic on day keys (no clock, so no DST): addDays('2026-03-01', -1) → '2026-02-28'. */
export function addDays(day: DayKey, n: number): DayKey {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
