import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

/** The module fresh, in a browser whose zone is `zone`. */
async function inBrowserZone(zone: string) {
  const real = Intl.DateTimeFormat;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(
    (...args) =>
      Object.assign(real(...args), {
        resolvedOptions: () => ({ ...real().resolvedOptions(), timeZone: zone }),
      }) as Intl.DateTimeFormat,
  );
  return { ...(await import('./time-zone')), ApiError: (await import('./http-client')).ApiError };
}

describe('the learner’s time zone: one rule for every request that counts days', () => {
  it('is the browser’s zone', async () => {
    const { browserZone } = await inBrowserZone('Asia/Kolkata');
    expect(browserZone()).toBe('Asia/Kolkata');
  });

  it('falls back to UTC once the server refuses the zone, and stays there for every request', async () => {
    const { browserZone, inZone, ApiError } = await inBrowserZone('America/Ciudad_Juarez');
    const asked: string[] = [];
    const send = async (tz: string) => {
      asked.push(tz);
      if (tz !== 'UTC')
        throw new ApiError('invalid-argument', 'Unknown time zone', 400, { path: ['tz'] });
      return tz;
    };
    await expect(inZone(send)).resolves.toBe('UTC');
    expect(asked).toEqual(['America/Ciudad_Juarez', 'UTC']);
    expect(browserZone()).toBe('UTC');
    await inZone(send);
    expect(asked).toEqual(['America/Ciudad_Juarez', 'UTC', 'UTC']);
  });

  it('passes on a 400 about anything but the zone, and keeps the zone', async () => {
    const { browserZone, inZone, ApiError } = await inBrowserZone('Europe/Berlin');
    const send = vi.fn(async () => {
      throw new ApiError('invalid-argument', 'choiceIndex must be between 0 and 2', 400, {
        path: ['choiceIndex'],
      });
    });
    await expect(inZone(send)).rejects.toThrow('choiceIndex');
    expect(send).toHaveBeenCalledTimes(1);
    expect(browserZone()).toBe('Europe/Berlin');
  });

  it('passes on other errors without retrying', async () => {
    const { inZone, ApiError } = await inBrowserZone('Europe/Berlin');
    const send = vi.fn(async () => {
      throw new ApiError('unauthenticated', 'Please log in', 401);
    });
    await expect(inZone(send)).rejects.toThrow('Please log in');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
