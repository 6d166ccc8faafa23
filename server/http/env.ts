import type { SessionUser } from '../auth/session';
import type { Logger } from '../logger';

/** Per-request variables every handler can read from `c.var`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** The signed-in user, resolved once per request by the session middleware. */
    user: SessionUser | null;
  };
}
