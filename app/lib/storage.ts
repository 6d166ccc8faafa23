import { API_TIMEOUT_MS, STORAGE_RETRY } from '../../core/constants';
import type { StorageFolder } from '../../core/magic-bytes';
import type { StorageMetadata } from '../../server/features/storage/service';

export type { StorageMetadata };

/** The spec's storage error codes (section 8), plus what any API call can fail with. */
export type StorageErrorCode =
  | 'unauthenticated'
  | 'unauthorized'
  | 'object-not-found'
  | 'quota-exceeded'
  | 'no-download-url'
  | 'canceled'
  | 'retry-limit-exceeded'
  | 'invalid-argument'
  | 'unknown';

export class StorageError extends Error {
  readonly code: StorageErrorCode;
  /** The HTTP status of the last answer; 0 when there was none. */
  readonly status: number;
  constructor(code: StorageErrorCode, message: string, status = 0) {
    super(message);
    this.name = 'StorageError';
    this.code = code;
    this.status = status;
  }
}

const canceled = () => new StorageError('canceled', 'The upload was canceled.');

const STORAGE_NAMES = new Set<string>([
  'unauthorized',
  'object-not-found',
  'quota-exceeded',
  'no-download-url',
]);
const BY_ENVELOPE_CODE: Record<string, StorageErrorCode> = {
  unauthenticated: 'unauthenticated',
  'permission-denied': 'unauthorized',
  'not-found': 'object-not-found',
  'quota-exceeded': 'quota-exceeded',
  'invalid-argument': 'invalid-argument',
};

/**
 * The server answers in the shared envelope, whose code comes from the general catalog;
 * storage's own name (e.g. `no-download-url`) leads the message, so it is read back here.
 */
export function toStorageError(status: number, body: string): StorageError {
  let code: unknown;
  let message: unknown;
  try {
    ({ code, message } =
      (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error ?? {});
  } catch {
    // Not our envelope (a proxy's error page, say).
  }
  if (typeof message !== 'string') {
    return new StorageError('unknown', `The server answered ${status}.`, status);
  }
  const named = /^([a-z-]+): (.*)$/s.exec(message);
  if (named?.[1] && STORAGE_NAMES.has(named[1])) {
    return new StorageError(named[1] as StorageErrorCode, named[2] ?? message, status);
  }
  const mapped = typeof code === 'string' ? BY_ENVELOPE_CODE[code] : undefined;
  return new StorageError(mapped ?? 'unknown', message, status);
}

/**
 * Worth another try: 5xx, 408 and 429 (spec section 9). Status 0 is an attempt that got
 * no answer at all (connection dropped, per-attempt timeout); it is retried too, since a
 * flaky network is the commonest reason a large upload fails and nothing was refused.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status >= 500 || STORAGE_RETRY.retryStatuses.includes(status);
}

/** Retry-After (delta-seconds or an HTTP date) in milliseconds from `now`; null if absent or bad. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  // Date.parse takes almost anything ('-3' is a year); an HTTP date names its month.
  if (!/[a-z]{3}/i.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 64_000;
const JITTER_MS = 1_000;

/**
 * The wait before the next attempt after `failures` failed ones: 1 s, 2 s, 4 s … capped at
 * 64 s, plus up to 1 s of jitter so clients that failed together do not return together;
 * never sooner than the server's Retry-After. Null when the wait would end past the
 * operation's budget, i.e. give up.
 */
export function nextDelay(opts: {
  failures: number;
  elapsedMs: number;
  budgetMs: number;
  retryAfterMs: number | null;
  random: () => number;
}): number | null {
  const backoff = Math.min(FIRST_DELAY_MS * 2 ** (opts.failures - 1), MAX_DELAY_MS);
  const wait = Math.max(backoff + opts.random() * JITTER_MS, opts.retryAfterMs ?? 0);
  return opts.elapsedMs + wait > opts.budgetMs ? null : wait;
}

/** One try: a value, or the answer that refused it. */
export type Attempt<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; retryAfter: string | null; error: StorageError };

export interface RetryClock {
  now(): number;
  /** Resolves after `ms`; rejects with a 'canceled' StorageError when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: RetryClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(canceled());
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * Runs `attempt` until it succeeds, is refused for good, is canceled, or the next wait
 * would pass `budgetMs` (counted from the first try) — then 'retry-limit-exceeded'.
 */
export async function withRetry<T>(
  attempt: () => Promise<Attempt<T>>,
  opts: { budgetMs: number; signal?: AbortSignal; clock?: RetryClock; random?: () => number },
): Promise<T> {
  const clock = opts.clock ?? realClock;
  const start = clock.now();
  for (let failures = 1; ; failures++) {
    if (opts.signal?.aborted) throw canceled();
    const outcome = await attempt();
    if (outcome.ok) return outcome.value;
    if (!isRetryable(outcome.status)) throw outcome.error;
    const now = clock.now();
    const wait = nextDelay({
      failures,
      elapsedMs: now - start,
      budgetMs: opts.budgetMs,
      retryAfterMs: parseRetryAfter(outcome.retryAfter, now),
      random: opts.random ?? Math.random,
    });
    if (wait === null) {
      throw new StorageError(
        'retry-limit-exceeded',
        `Gave up after ${Math.round((now - start) / 1000)} s of retries: ${outcome.error.message}`,
        outcome.status,
      );
    }
    await clock.sleep(wait, opts.signal);
  }
}

export interface UploadProgress {
  bytesTransferred: number;
  totalBytes: number;
}

export interface UploadResult {
  metadata: StorageMetadata;
  url: string;
}

const noAnswer = (message: string): Attempt<never> => ({
  ok: false,
  status: 0,
  retryAfter: null,
  error: new StorageError('unknown', message),
});

/** One upload try over XMLHttpRequest: fetch reports no upload progress. */
function uploadOnce(
  file: Blob,
  folder: StorageFolder,
  onProgress: ((p: UploadProgress) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<Attempt<UploadResult>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', `/api/storage/upload?folder=${encodeURIComponent(folder)}`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) =>
      onProgress?.({ bytesTransferred: e.loaded, totalBytes: file.size });
    xhr.onload = () => {
      done();
      if (xhr.status === 201) {
        onProgress?.({ bytesTransferred: file.size, totalBytes: file.size });
        resolve({ ok: true, value: JSON.parse(xhr.responseText) as UploadResult });
        return;
      }
      resolve({
        ok: false,
        status: xhr.status,
        retryAfter: xhr.getResponseHeader('Retry-After'),
        error: toStorageError(xhr.status, xhr.responseText),
      });
    };
    xhr.onerror = () => {
      done();
      resolve(noAnswer("Can't reach Skillway. Check your connection and try again."));
    };
    xhr.onabort = () => {
      done();
      reject(canceled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    onProgress?.({ bytesTransferred: 0, totalBytes: file.size });
    xhr.send(file);
  });
}

/**
 * Uploads a file to one of the user's folders; the server names it and judges its type.
 * Progress restarts from 0 on a retry. Canceling through `signal` rejects with 'canceled'.
 */
export function uploadFile(
  file: Blob,
  folder: StorageFolder,
  opts: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  return withRetry(() => uploadOnce(file, folder, opts.onProgress, opts.signal), {
    budgetMs: STORAGE_RETRY.maxUploadMs,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

async function callOnce<T>(
  method: string,
  route: string,
  path: string,
  signal: AbortSignal | undefined,
): Promise<Attempt<T>> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`/api/storage/${route}?path=${encodeURIComponent(path)}`, {
      method,
      credentials: 'same-origin',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    if (signal?.aborted) throw canceled();
    return noAnswer(
      timeout.aborted
        ? 'The server took too long to answer.'
        : "Can't reach Skillway. Check your connection and try again.",
    );
  }
  const body = await res.text();
  if (res.ok) return { ok: true, value: JSON.parse(body) as T };
  return {
    ok: false,
    status: res.status,
    retryAfter: res.headers.get('Retry-After'),
    error: toStorageError(res.status, body),
  };
}

function call<T>(method: string, route: string, path: string, signal?: AbortSignal) {
  return withRetry(() => callOnce<T>(method, route, path, signal), {
    budgetMs: STORAGE_RETRY.maxOperationMs,
    ...(signal ? { signal } : {}),
  });
}

export const getMetadata = (fullPath: string, signal?: AbortSignal) =>
  call<StorageMetadata>('GET', 'metadata', fullPath, signal);

/** The file's download URL; 'no-download-url' after a revoke until a new one is made. */
export const getDownloadUrl = async (fullPath: string, signal?: AbortSignal) =>
  (await call<{ url: string }>('GET', 'url', fullPath, signal)).url;

/** Makes a download URL if the file has none; returns the existing one otherwise. */
export const createDownloadUrl = async (fullPath: string, signal?: AbortSignal) =>
  (await call<{ url: string }>('POST', 'url', fullPath, signal)).url;

/** Every URL handed out for the file stops working. */
export const revokeDownloadUrl = async (fullPath: string, signal?: AbortSignal) => {
  await call('POST', 'revoke', fullPath, signal);
};

export const deleteObject = async (fullPath: string, signal?: AbortSignal) => {
  await call('DELETE', 'object', fullPath, signal);
};
