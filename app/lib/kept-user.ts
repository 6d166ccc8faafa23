import type { UserRecord } from '../../core/account/profile';
import { STORAGE_KEYS } from '../../core/constants';
import { readLocal } from './local-store';

/**
 * Who was last signed in on this device, so a start without a network keeps the learner's
 * shell (app/lib/auth.ts). Only what the shell shows is kept: no session token, and no photo
 * address either, as it carries a download token (the avatar shows initials offline).
 */
export function keptUser(): UserRecord | null {
  try {
    const kept = JSON.parse(readLocal(STORAGE_KEYS.signedIn) ?? 'null') as UserRecord | null;
    return typeof kept?.uid === 'string' && typeof kept.displayName === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/** Keeps the user the server just confirmed; null (nobody signed in) forgets the last one. */
export function keepUser(user: UserRecord | null): void {
  try {
    if (user)
      localStorage.setItem(STORAGE_KEYS.signedIn, JSON.stringify({ ...user, photoURL: null }));
    else localStorage.removeItem(STORAGE_KEYS.signedIn);
  } catch {
    // Storage blocked or full: a start offline then shows a guest, as before.
  }
}
