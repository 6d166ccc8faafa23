/** The longest password accepted: Better Auth's `maxPasswordLength`, and the forms' check. */
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Why a password's length is refused, or null when it fits: from `minLength` (the server's
 * PASSWORD_MIN_LENGTH, sent in /api/config) to MAX_PASSWORD_LENGTH characters. The sign-up,
 * sign-in and reset forms show it; the server refuses the same lengths.
 */
export function passwordLengthProblem(password: string, minLength: number): string | null {
  return password.length < minLength || password.length > MAX_PASSWORD_LENGTH
    ? `Use ${minLength} to ${MAX_PASSWORD_LENGTH} characters.`
    : null;
}
