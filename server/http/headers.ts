import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header by lower-case name, from Node's parsed request when there is one: the
 * first `c.req.header()` builds a web `Headers` from every raw header of the request.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
