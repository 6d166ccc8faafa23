import { ApiError } from './http-client';

// The learner's time zone for every request that counts days (dashboard, review, the team
// report) and for "today" on the page. Set once the server has refused the browser's zone —
// its time-zone data is older than the browser's — and UTC from then on, for all of them.
let zoneRefused = false;

/** The browser's IANA zone, so "today" is the learner's own day; UTC if it has none or the server refused it. */
export function browserZone(): string {
  if (zoneRefused) return 'UTC';
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Sends a request that takes `?tz=` in the browser's zone; when the server does not know
 * that zone (400 invalid-argument at `tz`), once more in UTC, and UTC for every request
 * after. Any other refusal (a grammar answer's bad choice, say) is passed on as it is.
 */
export async function inZone<T>(send: (tz: string) => Promise<T>): Promise<T> {
  const tz = browserZone();
  try {
    return await send(tz);
  } catch (err) {
    const zoneRefusedNow =
      err instanceof ApiError && err.code === 'invalid-argument' && err.details?.path?.[0] === 'tz';
    if (zoneRefusedNow && tz !== 'UTC') {
      zoneRefused = true;
      return send('UTC');
    }
    throw err;
  }
}
