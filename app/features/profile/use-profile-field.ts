import { useRef, useState } from 'react';
import { mutate } from 'swr';
import type { Profile, ProfileField, UserRecord } from '../../../core/account/profile';
import { ApiError } from '../../lib/http-client';
import { ME_KEY } from '../../lib/auth';
import { PROFILE_KEY, saveProfileField, type PatchValue } from '../../data/profile';

export type SaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

export type SaveOutcome<V> =
  | { kind: 'saved'; value: V }
  | { kind: 'failed'; value: V | undefined }
  /** Nothing to send: the value is what is already saved. */
  | { kind: 'unchanged' }
  /** A newer save of the same field started meanwhile and decides what is shown. */
  | { kind: 'superseded' };

const IDLE: SaveStatus = { kind: 'idle' };

/**
 * Writes one field into the cached documents. Each write is a function of the current
 * cache so that saves of different fields running at once never undo each other — which
 * is why this does not use SWR's own optimistic/rollback options: those snapshot the
 * whole document and would roll back a neighbouring field's change as well.
 */
function writeCache<F extends ProfileField>(field: F, value: PatchValue<F> | undefined): void {
  if (field === 'displayName') {
    void mutate<UserRecord | null>(
      ME_KEY,
      (user) => (user && typeof value === 'string' ? { ...user, displayName: value } : user),
      { revalidate: false },
    );
    return;
  }
  void mutate<Profile>(PROFILE_KEY, (profile) => ({ ...profile, [field]: value }), {
    revalidate: false,
  });
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The server's zod text ("Invalid request: value.1: Links must…") without the request plumbing. */
export function readableError(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.code !== 'invalid-argument') return err.message;
  return err.message
    .replace(/^Invalid request: /, '')
    .replace(
      /(^|; )value\.(\d+): /g,
      (_, sep: string, i: string) => `${sep}Link ${Number(i) + 1}: `,
    )
    .replace(/(^|; )value: /g, '$1');
}

/** The server's answer to a wrong current password (server/auth/routes.ts words it). */
export const WRONG_PASSWORD = 'That is not your current password. Check it and try again.';

/** Whether `err` is the refusal of a wrong current password, shown under that field. */
export function isWrongPassword(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && err.message === WRONG_PASSWORD;
}

/**
 * Saves one profile field on its own: the cache shows the new value at once, the PATCH
 * follows, and a refusal puts back the last value the server accepted.
 */
export function useProfileField<F extends ProfileField>(
  field: F,
  initial: PatchValue<F> | undefined,
) {
  const [status, setStatus] = useState<SaveStatus>(IDLE);
  // What the server last accepted, and what the page currently shows as saved.
  const confirmed = useRef(initial);
  const shown = useRef(initial);
  const generation = useRef(0);

  async function save(value: PatchValue<F>): Promise<SaveOutcome<PatchValue<F>>> {
    if (sameValue(value, shown.current)) {
      setStatus((s) => (s.kind === 'error' ? IDLE : s));
      return { kind: 'unchanged' };
    }
    const id = ++generation.current;
    shown.current = value;
    writeCache(field, value);
    setStatus({ kind: 'saving' });
    try {
      const saved = await saveProfileField(field, value);
      confirmed.current = saved;
      if (id !== generation.current) return { kind: 'superseded' };
      shown.current = saved;
      writeCache(field, saved);
      setStatus({ kind: 'saved' });
      return { kind: 'saved', value: saved };
    } catch (err) {
      if (id !== generation.current) return { kind: 'superseded' };
      shown.current = confirmed.current;
      writeCache(field, confirmed.current);
      setStatus({ kind: 'error', message: readableError(err) });
      return { kind: 'failed', value: confirmed.current };
    }
  }

  /** A value refused before sending (the same rules the server applies). */
  function reject(message: string) {
    setStatus({ kind: 'error', message });
  }

  return { status, save, reject };
}
