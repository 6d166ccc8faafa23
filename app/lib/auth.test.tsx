import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../core/account/profile';
import { STORAGE_KEYS } from '../../core/constants';
import { auth, forgetUser, useAuth } from './auth';
import { keepUser, keptUser } from './kept-user';

const ana: UserRecord = {
  uid: 'user-ana',
  email: 'ana@example.com',
  displayName: 'Ana Lima',
  photoURL: '/api/files/photo-1?token=download-secret',
  provider: 'password',
  stripeRole: 'premium',
  joined: '2026-11-01T09:00:00.000Z',
  emailVerified: true,
  settings: {
    profession: 'Tech',
    level: 'Senior',
    targetRole: null,
    dailyGoal: null,
    theme: null,
    activeTeam: null,
    dictionary: null,
  },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers GET /api/session with `session`; anything else (sign-out) with {}. */
function serve(session: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: RequestInfo | URL) =>
    String(url).startsWith('/api/session') ? session() : json({}),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Who() {
  const { user, ready } = useAuth();
  if (user) return <p>Signed in: {user.displayName}</p>;
  return <p>{ready ? 'Guest' : 'Not known'}</p>;
}

const renderShell = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <Who />
    </SWRConfig>,
  );

const stored = () => localStorage.getItem(STORAGE_KEYS.signedIn);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the learner kept on this device', () => {
  it('is kept once the server confirms the session — without the photo address or any token', async () => {
    serve(() => json({ user: ana }));
    renderShell();
    await screen.findByText('Signed in: Ana Lima');
    expect(keptUser()).toEqual({ ...ana, photoURL: null });
    expect(stored()).not.toContain('token');
  });

  it('is who the shell shows when the session check cannot reach the server', async () => {
    keepUser(ana);
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderShell();
    await screen.findByText('Signed in: Ana Lima');
    expect(keptUser()?.uid).toBe('user-ana');
  });

  it('leaves a start without a network to a guest when nobody was kept', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderShell();
    await screen.findByText('Guest');
    expect(stored()).toBeNull();
  });

  it('is forgotten when the server says nobody is signed in: the server wins', async () => {
    keepUser(ana);
    serve(() => json({ user: null }));
    renderShell();
    await screen.findByText('Guest');
    expect(stored()).toBeNull();
  });

  it('is forgotten, not used, when the session check answers 401', async () => {
    keepUser(ana);
    serve(() =>
      json({ error: { code: 'unauthenticated', message: 'Sign in first.', status: 401 } }, 401),
    );
    renderShell();
    await waitFor(() => expect(stored()).toBeNull());
    expect(screen.queryByText(/Signed in/)).toBeNull();
  });

  it('is replaced when someone else signs in', async () => {
    keepUser(ana);
    serve(() => json({ user: { ...ana, uid: 'user-bo', displayName: 'Bo Chen' } }));
    renderShell();
    await screen.findByText('Signed in: Bo Chen');
    expect(keptUser()?.uid).toBe('user-bo');
  });

  it('is forgotten on sign-out, and after an account is deleted', async () => {
    keepUser(ana);
    serve(() => json({ user: ana }));
    await auth.signOut();
    expect(stored()).toBeNull();

    keepUser(ana);
    await forgetUser();
    expect(stored()).toBeNull();
  });

  it('ignores what is not a kept user', () => {
    localStorage.setItem(STORAGE_KEYS.signedIn, '{"uid":');
    expect(keptUser()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.signedIn, '{"email":"ana@example.com"}');
    expect(keptUser()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.signedIn, 'null');
    expect(keptUser()).toBeNull();
  });
});
