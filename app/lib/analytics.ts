import type { TAnalyticsEvent } from '../../core/analytics';
import { MAX_EVENTS_PER_BATCH } from '../../core/constants';

const ENDPOINT = '/api/analytics/events';
const FLUSH_DELAY_MS = 5_000;

const queue: TAnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function send(events: TAnalyticsEvent[], useBeacon: boolean) {
  const body = JSON.stringify({ events });
  // text/plain keeps sendBeacon a CORS-safe request in every browser.
  if (
    useBeacon &&
    navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'text/plain;charset=UTF-8' }))
  ) {
    return;
  }
  void fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => {
    // Analytics must never disturb the learner; a lost batch is acceptable.
  });
}

/** Sends what is queued, in batches the server accepts. */
export function flush(useBeacon = false): void {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0) send(queue.splice(0, MAX_EVENTS_PER_BATCH), useBeacon);
}

function enqueue(event: TAnalyticsEvent) {
  queue.push(event);
  if (queue.length >= MAX_EVENTS_PER_BATCH) flush();
  else timer ??= setTimeout(() => flush(), FLUSH_DELAY_MS);
}

export function trackPageView(path: string, hash: string): void {
  enqueue({ type: 'page_view', path: path.slice(0, 512), hash: hash.slice(0, 256) });
}

export function trackEvent(name: string, value?: number, currency?: string): void {
  enqueue({
    type: 'event',
    name,
    ...(value !== undefined ? { value } : {}),
    ...(currency ? { currency } : {}),
  });
}

let installed = false;
/** Flushes with sendBeacon when the page is hidden or unloaded. */
export function installAnalytics(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
  window.addEventListener('pagehide', () => flush(true));
}
