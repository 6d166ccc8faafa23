import { ServerResponse } from 'node:http';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';

type Env = HttpBindings | Http2Bindings;
type Fetch = (request: Request, env: Env) => Response | Promise<Response>;

/**
 * Wraps the app's fetch to count each request until both its handler has settled and its
 * response is done. The socket alone is not enough: a client that gives up leaves its
 * handler running against the database, which must stay open until it ends; nor is the
 * handler alone: the response is written after it returns. Once `stop()` is called, every
 * response says `Connection: close`, so keep-alive clients stop sending on the connection.
 */
export function drainable(fetch: Fetch) {
  let inFlight = 0;
  let stopping = false;
  let waiters: (() => void)[] = [];
  const release = () => {
    if (--inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  return {
    fetch: (request: Request, env: Env): Promise<Response> => {
      inFlight++;
      const out = env.outgoing;
      let parts = 2;
      const done = () => {
        if (--parts === 0) release();
      };
      out.once('close', done);
      const settled = () => {
        if (stopping && out instanceof ServerResponse && !out.headersSent)
          out.setHeader('Connection', 'close');
        done();
      };
      try {
        return Promise.resolve(fetch(request, env)).finally(settled);
      } catch (err) {
        settled();
        throw err;
      }
    },
    stop: () => {
      stopping = true;
    },
    get inFlight() {
      return inFlight;
    },
    /** True once no request is running, false if `ms` pass first. */
    idle: (ms: number): Promise<boolean> => {
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
