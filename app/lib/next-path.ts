/** A same-site path to return to after signing in; anything else falls back. */
export function safeNext(raw: string | null | undefined, fallback = '/activity'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\'))
    return fallback;
  if (raw.startsWith('/user/login')) return fallback;
  return raw;
}
