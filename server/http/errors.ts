import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ERROR_STATUS,
  codeForStatus,
  type ErrorCode,
  type ErrorDetails,
  type ErrorEnvelope,
} from '../../core/errors';
import type { Logger } from '../logger';

/** What the handlers below read from the request: its logger (set by requestContext). */
type LogEnv = { Variables: { log: Logger } };

/** An error meant for the client: a catalog code, a message safe to show, and a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly details: ErrorDetails | undefined;
  constructor(
    code: ErrorCode,
    message: string,
    opts: { status?: number; headers?: Record<string, string>; details?: ErrorDetails } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = opts.status ?? ERROR_STATUS[code];
    this.headers = opts.headers ?? {};
    this.details = opts.details;
  }
  /** 5xx are ours and worth a log line with the stack; 4xx are the client's. */
  get worthLogging(): boolean {
    return this.status >= 500;
  }
}

export const invalidArgument = (message: string, details?: ErrorDetails) =>
  new AppError('invalid-argument', message, details ? { details } : {});
export const unauthenticated = (message = 'Please log in to do this.') =>
  new AppError('unauthenticated', message);
export const permissionDenied = (message = 'You do not have access to this.') =>
  new AppError('permission-denied', message);
export const notFound = (message = 'Not found.') => new AppError('not-found', message);
// The rest of the body is never read, so the connection cannot be reused.
export const payloadTooLarge = (limit: number) =>
  new AppError('invalid-argument', `Request body is larger than ${limit} bytes.`, {
    status: 413,
    headers: { Connection: 'close' },
  });
/** A state-changing request from a page that is not the app's own (cross-site request). */
export const foreignOrigin = (origin: string | undefined, expected: string) =>
  permissionDenied(
    `Skillway accepts changes only from its own pages at ${expected}` +
      `${origin && origin !== 'null' ? `, not from ${origin}` : ''}. Open ${expected} and try again.`,
  );
/** A limit was reached: 429 with the seconds to wait in Retry-After. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('resource-exhausted', message, {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetails): ErrorEnvelope {
  return { error: details ? { code, message, details } : { code, message } };
}

function respond(
  c: Context,
  code: ErrorCode,
  message: string,
  status: number,
  headers: Record<string, string> = {},
  details?: ErrorDetails,
) {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  return c.json(errorBody(code, message, details), status as ContentfulStatusCode);
}

export function onError<E extends LogEnv>(err: Error, c: Context<E>): Response {
  if (err instanceof AppError) {
    if (err.worthLogging) c.var.log.error({ err }, err.message);
    return respond(c, err.code, err.message, err.status, err.headers, err.details);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed JSON and similar client mistakes.
    const status = err.status;
    const code = codeForStatus(status);
    if (status >= 500) c.var.log.error({ err }, 'http exception');
    return respond(
      c,
      code,
      status >= 500 ? 'Something went wrong on our side.' : err.message,
      status,
    );
  }
  c.var.log.error({ err }, 'unhandled error');
  // Never leak a stack or internal message to the client.
  return respond(c, 'internal', 'Something went wrong on our side. Please try again.', 500);
}

export const apiNotFound = <E extends LogEnv>(c: Context<E>): Response =>
  respond(c, 'not-found', `No API route for ${c.req.method} ${c.req.path}.`, 404);
