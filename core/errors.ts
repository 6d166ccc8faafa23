/**
 * The error catalog shared by server and client: the spec's callable error codes and
 * the HTTP status each one maps to (DESIGN.md). Responses carry `{error:{code,message}}`,
 * and `details` when the client can act on more than the message.
 */
export const ERROR_STATUS = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'quota-exceeded': 402,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  aborted: 409,
  'failed-precondition': 412,
  'out-of-range': 416,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unknown: 500,
  'data-loss': 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Machine-readable facts about an error, so no client parses a message. */
export interface ErrorDetails {
  /** Where in the request a 400 found its first problem: `['ops', 3, 'choiceIndex']`. */
  path?: (string | number)[];
}

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details?: ErrorDetails };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Picks the code for an HTTP status when a response carries no envelope. */
export function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(
    ([, s]) => s === status,
  );
  if (match) return match[0];
  return status >= 500 ? 'internal' : status >= 400 ? 'invalid-argument' : 'unknown';
}
