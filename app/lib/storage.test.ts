import { describe, expect, it } from 'vitest';
import { STORAGE_RETRY } from '../../core/constants';
import {
  StorageError,
  isRetryable,
  nextDelay,
  parseRetryAfter,
  toStorageError,
  withRetry,
  type Attempt,
  type RetryClock,
} from './storage';

/** A clock that moves only when told: sleeping advances it instantly and is recorded. */
function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  const clock: RetryClock = {
    now: () => now,
    sleep: (ms, signal) => {
      if (signal?.aborted) return Promise.reject(new StorageError('canceled', 'canceled'));
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
  return { clock, sleeps, advance: (ms: number) => (now += ms), elapsed: () => now };
}

const refused = (status: number, retryAfter: string | null = null): Attempt<never> => ({
  ok: false,
  status,
  retryAfter,
  error: toStorageError(status, JSON.stringify({ error: { code: 'internal', message: 'x' } })),
});

/** An attempt function that answers from a script, one entry per try. */
function scripted<T>(answers: Attempt<T>[]) {
  let calls = 0;
  const attempt = async () => {
    const a = answers[Math.min(calls, answers.length - 1)] as Attempt<T>;
    calls++;
    return a;
  };
  return { attempt, calls: () => calls };
}

const noJitter = () => 0;

describe('isRetryable', () => {
  it('retries 5xx, 408, 429 and a missing answer, nothing else', () => {
    for (const s of [0, 408, 429, 500, 502, 503, 504, 599])
      expect(isRetryable(s), `${s}`).toBe(true);
    for (const s of [200, 400, 401, 402, 403, 404, 409, 412, 413, 499])
      expect(isRetryable(s), `${s}`).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-05T10:00:00Z');
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 05 Mar 2025 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 05 Mar 2025 09:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('-3', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('nextDelay', () => {
  const base = { elapsedMs: 0, budgetMs: 10_000_000, retryAfterMs: null, random: noJitter };
  it('doubles from 1 s and stops growing at 64 s', () => {
    const schedule = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((failures) =>
      nextDelay({ ...base, failures }),
    );
    expect(schedule).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 64_000, 64_000]);
  });
  it('adds up to 1 s of jitter', () => {
    expect(nextDelay({ ...base, failures: 2, random: () => 0.5 })).toBe(2500);
    expect(nextDelay({ ...base, failures: 2, random: () => 0.999 })).toBeLessThan(3000);
  });
  it('never retries sooner than Retry-After, nor later than backoff asks', () => {
    expect(nextDelay({ ...base, failures: 1, retryAfterMs: 30_000 })).toBe(30_000);
    expect(nextDelay({ ...base, failures: 4, retryAfterMs: 1000 })).toBe(8000);
  });
  it('gives up when the wait would end past the budget', () => {
    expect(nextDelay({ ...base, failures: 3, elapsedMs: 116_000, budgetMs: 120_000 })).toBe(4000);
    expect(nextDelay({ ...base, failures: 3, elapsedMs: 116_001, budgetMs: 120_000 })).toBeNull();
    expect(
      nextDelay({ ...base, failures: 1, retryAfterMs: 200_000, budgetMs: 120_000 }),
    ).toBeNull();
  });
});

describe('withRetry (fake clock)', () => {
  it('retries 503 and 429 (honouring Retry-After) and returns the first success', async () => {
    const { clock, sleeps } = fakeClock();
    const s = scripted<string>([
      refused(503),
      refused(429, '30'),
      refused(408),
      { ok: true, value: 'done' },
    ]);
    await expect(
      withRetry(s.attempt, { budgetMs: STORAGE_RETRY.maxOperationMs, clock, random: noJitter }),
    ).resolves.toBe('done');
    expect(s.calls()).toBe(4);
    expect(sleeps).toEqual([1000, 30_000, 4000]);
  });

  it('does not retry a refusal: 402, 403, 404 and 413 fail at once with their code', async () => {
    for (const [status, code, message] of [
      [402, 'quota-exceeded', 'quota-exceeded: Too big.'],
      [403, 'permission-denied', 'unauthorized: Not yours.'],
      [404, 'not-found', 'no-download-url: Revoked.'],
      [413, 'invalid-argument', 'Request body is larger than 2097152 bytes.'],
    ] as const) {
      const { clock, sleeps } = fakeClock();
      const error = toStorageError(status, JSON.stringify({ error: { code, message } }));
      const s = scripted([{ ok: false, status, retryAfter: null, error } as Attempt<never>]);
      await expect(withRetry(s.attempt, { budgetMs: 600_000, clock })).rejects.toBe(error);
      expect(s.calls()).toBe(1);
      expect(sleeps).toEqual([]);
    }
  });

  it.each([
    ['an upload', STORAGE_RETRY.maxUploadMs],
    ['another operation', STORAGE_RETRY.maxOperationMs],
  ])('gives %s up with retry-limit-exceeded inside its budget', async (_, budgetMs) => {
    const { clock, sleeps, advance, elapsed } = fakeClock();
    const s = scripted([refused(503)]);
    // Each try itself takes 2 s of the budget.
    const attempt = () => {
      advance(2000);
      return s.attempt();
    };
    const error = await withRetry(attempt, { budgetMs, clock, random: noJitter }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('retry-limit-exceeded');
    expect((error as StorageError).status).toBe(503);
    // The last try started inside the budget…
    expect(elapsed() - 2000).toBeLessThanOrEqual(budgetMs);
    // It stopped because the next wait would have crossed the budget, not earlier.
    const nextWait = Math.min(1000 * 2 ** sleeps.length, 64_000);
    expect(elapsed() + nextWait).toBeGreaterThan(budgetMs);
    expect(sleeps).toEqual(sleeps.map((_, i) => Math.min(1000 * 2 ** i, 64_000)));
    expect(sleeps.length).toBeGreaterThanOrEqual(budgetMs === STORAGE_RETRY.maxUploadMs ? 13 : 6);
  });

  it('rejects with canceled when the signal aborts before a try or during a wait', async () => {
    const before = new AbortController();
    before.abort();
    const s = scripted([refused(503)]);
    await expect(
      withRetry(s.attempt, { budgetMs: 1000, signal: before.signal, clock: fakeClock().clock }),
    ).rejects.toMatchObject({ code: 'canceled' });
    expect(s.calls()).toBe(0);

    const during = new AbortController();
    const { clock } = fakeClock();
    const sleepy: RetryClock = {
      now: clock.now,
      sleep: (ms, signal) => {
        during.abort();
        return clock.sleep(ms, signal);
      },
    };
    const t = scripted([refused(500)]);
    await expect(
      withRetry(t.attempt, { budgetMs: 600_000, signal: during.signal, clock: sleepy }),
    ).rejects.toMatchObject({ code: 'canceled' });
    expect(t.calls()).toBe(1);
  });
});

describe('toStorageError', () => {
  const envelope = (code: string, message: string) => JSON.stringify({ error: { code, message } });
  it('reads storage’s own name from the start of the message', () => {
    const e = toStorageError(404, envelope('not-found', 'no-download-url: Make a new one.'));
    expect([e.code, e.message, e.status]).toEqual(['no-download-url', 'Make a new one.', 404]);
    expect(toStorageError(403, envelope('permission-denied', 'unauthorized: No.')).code).toBe(
      'unauthorized',
    );
    expect(toStorageError(404, envelope('not-found', 'object-not-found: Gone.')).code).toBe(
      'object-not-found',
    );
  });
  it('falls back to the envelope code, then to unknown', () => {
    expect(toStorageError(401, envelope('unauthenticated', 'Please log in to do this.')).code).toBe(
      'unauthenticated',
    );
    expect(toStorageError(402, envelope('quota-exceeded', 'Full.')).code).toBe('quota-exceeded');
    expect(toStorageError(400, envelope('invalid-argument', 'Bad: folder')).code).toBe(
      'invalid-argument',
    );
    expect(toStorageError(502, '<html>Bad gateway</html>').code).toBe('unknown');
    expect(toStorageError(500, envelope('internal', 'Oops.')).code).toBe('unknown');
  });
});
