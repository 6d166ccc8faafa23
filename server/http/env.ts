import type { Logger } from '../logger';

/** Per-request variables every handler can read from `c.var`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
  };
}
