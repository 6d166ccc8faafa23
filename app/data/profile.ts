import { mutate } from 'swr';
import { paths } from '../../core/paths';
import type { Profile, ProfileField, TProfilePatch, UserRecord } from '../../core/account/profile';
import type { OwnedTeam, OwnedTeamDecision } from '../../core/teams/teams';
import { api } from '../lib/http-client';
import { authPost, ME_KEY } from '../lib/auth';

// The learner's profile: its fields, the photo, and deleting the account. The display name
// and photo live on the user record (ME_KEY); every other field on the profile document.

export const PROFILE_KEY = '/api/profile';

type PatchValues = { [P in TProfilePatch as P['field']]: P['value'] };
export type PatchValue<F extends ProfileField> = PatchValues[F];

export async function fetchProfile(): Promise<Profile> {
  return (await api.profile.$get()).json();
}

/** Saves one field; resolves with the value as the server stored it. */
export async function saveProfileField<F extends ProfileField>(
  field: F,
  value: PatchValue<F>,
): Promise<PatchValue<F>> {
  const res = await api.profile.$patch({ json: { field, value } as TProfilePatch });
  return (await res.json()).value as PatchValue<F>;
}

/** Uploads a prepared photo; resolves with its URL. */
export async function uploadPhoto(photo: Blob, type: string, signal: AbortSignal) {
  const res = await api.profile.photo.$post(undefined, {
    headers: { 'Content-Type': type },
    init: { body: photo, signal },
  });
  return (await res.json()).photoURL;
}

/** Takes the photo off the profile (and deletes the uploaded photos). */
export async function removePhoto(): Promise<void> {
  await api.profile.photo.$delete();
}

/** Shows a newly saved (or removed) photo wherever the user record is. */
export function showPhoto(photoURL: string | null) {
  return mutate<UserRecord | null>(ME_KEY, (u) => (u ? { ...u, photoURL } : u), {
    revalidate: false,
  });
}

/**
 * Deletes the account and everything kept with it; the email confirms it, and `teams` says
 * what happens to each team the account is the only owner of (fetchOwnedTeams).
 */
export async function deleteAccount(
  confirmEmail: string,
  teams: OwnedTeamDecision[] = [],
): Promise<void> {
  await api.me.$delete({ json: { confirmEmail, teams } });
}

/** The teams the account is the only owner of, with whom each could pass to. */
export async function fetchOwnedTeams(): Promise<OwnedTeam[]> {
  return (await api.teams.owned.$get()).json();
}

export const EMAIL_CHANGE_KEY = '/api/profile/email-change';

/** The change of address waiting for its link: where the link went, or nulls. */
export async function fetchEmailChange() {
  return (await api.profile['email-change'].$get()).json();
}

/**
 * Mails a link to `newEmail`; the address changes when it is opened (/user/verified). An
 * account with a password sends it as well.
 */
export async function requestEmailChange(newEmail: string, currentPassword?: string) {
  await authPost('/change-email', { newEmail, currentPassword, callbackURL: paths.verified() });
}

/** Changes the password; `signOutOthers` ends every other session of the account. */
export async function changePassword(
  currentPassword: string,
  newPassword: string,
  signOutOthers: boolean,
): Promise<void> {
  await authPost('/change-password', {
    currentPassword,
    newPassword,
    revokeOtherSessions: signOutOthers,
  });
}
