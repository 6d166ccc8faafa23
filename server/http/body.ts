import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

const utf8 = new TextDecoder();

function readText(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(utf8.decode(Buffer.concat(chunks))));
    incoming.on('error', reject);
    incoming.on('close', () => {
      if (!incoming.complete) reject(new Error('The request body was cut short.'));
    });
  });
}

/**
 * Reads a small request body straight from Node's request into Hono's body cache, so
 * `c.req.json()`/`text()` take it from there. Otherwise the first read of a body turns
 * `@hono/node-server`'s lightweight request into a full web Request with a web stream,
 * which cost about a tenth of a JSON write's CPU. Only for bodies whose declared length
 * Node's parser already holds to a cap, and never for routes that hand `c.req.raw` on.
 */
export function readSmallBody(c: Context): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || !incoming.readable) return;
  const text = readText(incoming);
  // A route that never reads the body must not turn a cut-short upload into a crash.
  text.catch(() => undefined);
  (c.req.bodyCache as { text?: Promise<string> }).text = text;
}
