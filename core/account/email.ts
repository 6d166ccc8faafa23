import { z } from 'zod';

/**
 * An email address as sign-up takes it (zod's rule, the one Better Auth's sign-up applies):
 * one `@`, no spaces or control characters, a dotted domain. Invitations and the
 * organization's sign-in (OIDC_EMAIL_DOMAINS) hold addresses to the same rule.
 */
export const ZEmailAddress = z.email('Please enter an email address').max(254);

export const isEmailAddress = (value: unknown): value is string =>
  ZEmailAddress.safeParse(value).success;

/** The domain of a well-formed address, lower-cased; null for anything else. */
export function emailDomain(value: unknown): string | null {
  if (!isEmailAddress(value)) return null;
  return value.slice(value.indexOf('@') + 1).toLowerCase();
}
