import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http-client';
import {
  AUTOSAVE_DELAY_MS,
  EntriesSaver,
  FIRST_RETRY_MS,
  KeptOffline,
  type AutosaveStatus,
} from './autosave';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(save: (entries: unknown[]) => Promise<unknown>) {
  const statuses: AutosaveStatus['kind'][] = [];
  const saver = new EntriesSaver(save, (s) => statuses.push(s.kind));
  return { saver, statuses };
}

describe('EntriesSaver', () => {
  it('sends only the newest entries once typing pauses', async () => {
    const sent: unknown[][] = [];
    const { saver, statuses } = setup(async (e) => {
      sent.push(e);
    });
    saver.schedule(['D']);
    saver.schedule(['Dr']);
    saver.schedule(['Dra']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([['Dra']]);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('never has two saves in flight; changes made during a save follow it in order', async () => {
    const sent: unknown[][] = [];
    let release: () => void = () => {};
    const { saver } = setup(
      (e) =>
        new Promise<void>((resolve) => {
          sent.push(e);
          release = resolve;
        }),
    );
    saver.schedule(['one']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    saver.schedule(['two']);
    saver.schedule(['three']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(sent).toEqual([['one']]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['one'], ['three']]);
  });

  it('keeps failed entries for Retry and explains the size limit', async () => {
    let fail = true;
    const sent: unknown[][] = [];
    const messages: string[] = [];
    const saver = new EntriesSaver(
      async (e) => {
        if (fail) throw new ApiError('invalid-argument', 'Entries may take at most 32 KiB', 400);
        sent.push(e);
      },
      (s) => {
        if (s.kind === 'error') messages.push(s.message);
      },
    );
    saver.schedule(['long']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(messages).toEqual([
      'Not saved: this is over the 32 KiB limit (about 5,000 words). Shorten it and it will save.',
    ]);
    fail = false;
    await saver.flush();
    expect(sent).toEqual([['long']]);
  });

  it('explains a network failure without blaming the learner', async () => {
    const messages: string[] = [];
    const saver = new EntriesSaver(
      () => Promise.reject(new ApiError('unavailable', 'offline', 0)),
      (s) => {
        if (s.kind === 'error') messages.push(s.message);
      },
    );
    saver.schedule(['x']);
    await saver.flush();
    expect(messages[0]).toMatch(/could not be reached/);
  });

  it('offline, says so in one calm line and saves by itself when the network is back', async () => {
    let offline = true;
    const sent: unknown[][] = [];
    const { saver, statuses } = setup(async (e) => {
      if (offline) throw new KeptOffline();
      sent.push(e);
    });
    saver.schedule(['typed offline']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(statuses.at(-1)).toBe('offline');
    expect(statuses).not.toContain('error');
    // No timer while offline: the `online` event brings the retry.
    await vi.advanceTimersByTimeAsync(10 * FIRST_RETRY_MS);
    expect(sent).toEqual([]);
    offline = false;
    saver.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['typed offline']]);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('after a failed save while online, tries again by itself, backing off', async () => {
    let failures = 2;
    const attempts: number[] = [];
    const { saver, statuses } = setup(async () => {
      attempts.push(Date.now());
      if (failures-- > 0) throw new ApiError('internal', 'boom', 503);
    });
    saver.schedule(['x']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(statuses.at(-1)).toBe('error');
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(attempts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(attempts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(attempts).toHaveLength(3);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('does not retry by itself what the server refused for good, nor after the editor is gone', async () => {
    const attempts: unknown[][] = [];
    const refused = setup(async (e) => {
      attempts.push(e);
      throw new ApiError('invalid-argument', 'no', 400);
    });
    refused.saver.schedule(['bad']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10 * FIRST_RETRY_MS);
    expect(attempts).toHaveLength(1);

    const gone = setup(async (e) => {
      attempts.push(e);
      throw new ApiError('internal', 'boom', 500);
    });
    gone.saver.schedule(['left']);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    gone.saver.dispose();
    await vi.advanceTimersByTimeAsync(10 * FIRST_RETRY_MS);
    expect(attempts).toHaveLength(2);
  });
});
