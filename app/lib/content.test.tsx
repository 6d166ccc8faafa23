import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useJobNames } from './content';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useJobNames', () => {
  function Names() {
    return <p>{useJobNames().join(', ') || 'none yet'}</p>;
  }

  it('loads /api/content/jobs once for all users of the list', async () => {
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL) =>
        new Response(JSON.stringify({ jobs: ['Nurse', 'Pilot'] }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Names />
        <Names />
      </SWRConfig>,
    );
    expect(screen.getAllByText('none yet')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByText('Nurse, Pilot')).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/content/jobs');
  });
});
