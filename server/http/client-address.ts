import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address: the socket's, unless it is a trusted proxy, in which case the
 * right-most address in X-Forwarded-For that is not itself a trusted proxy.
 */
export function clientAddress(
  socket: string,
  forwarded: string | null,
  trusted: ReadonlySet<string>,
): string {
  if (!trusted.has(socket) || !forwarded) return socket;
  const chain = forwarded
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i] as string;
    if (!trusted.has(hop)) return hop;
  }
  return socket;
}

/** The address a request came from, for limits keyed on it (see clientAddress). */
export function requestAddress(c: Context, trusted: ReadonlySet<string>): string {
  return clientAddress(
    getConnInfo(c).remote.address ?? 'unknown',
    c.req.header('x-forwarded-for') ?? null,
    trusted,
  );
}
