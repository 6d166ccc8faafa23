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
