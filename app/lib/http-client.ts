import { hc } from 'hono/client';
import type { ApiType } from '../../server/app';
import { API_TIMEOUT_MS } from '../../core/constants';
import { codeForStatus, isErrorCode, type ErrorCode, type ErrorDetails } from '../../core/errors';

/** A failed API call: the server's catalog code and message, or a network/timeout code. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;
  constructor(code: ErrorCode, message: string, status: number, details?: ErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as {
      error?: { code?: unknown; message?: unknown; details?: ErrorDetails };
    };
    const code = body.error?.code;
    const message = body.error?.message;
    const details = body.error?.details;
    if (isErrorCode(code) && typeof message === 'string')
      return new ApiError(
        code,
        message,
        res.status,
        Array.isArray(details?.path) ? details : undefined,
      );
  } catch {
    // Not our envelope (a proxy's HTML error page, say): fall through.
  }
  return new ApiError(codeForStatus(res.status), `The server answered ${res.status}.`, res.status);
}

/** fetch with the spec's 70 s callable timeout; non-2xx answers become ApiError. */
export async function apiFetch(
  input: RequestInfo | URL,
  init: RequestInit = {},
): Promise<Response> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(input, { credentials: 'same-origin', ...init, signal });
  } catch {
    if (timeout.aborted) {
      throw new ApiError(
        'deadline-exceeded',
        'The server took too long to answer. Please try again.',
        0,
      );
    }
    if (init.signal?.aborted) throw new ApiError('cancelled', 'The request was canceled.', 0);
    throw new ApiError(
      'unavailable',
      "Can't reach Skillway. Check your connection and try again.",
      0,
    );
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** POST a JSON body and parse the JSON answer (the sync engine's batches). */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await apiFetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<T>;
}

/**
 * The typed client (Hono RPC): `api.content.summary.$get()`. Every request of ours goes
 * through it, from each section's data module (features/<section>/api.ts, lib/items.ts…);
 * apiFetch alone serves Better Auth's endpoints, which are not in the type, and the sync
 * engine.
 */
export const api = hc<ApiType>('/api', { fetch: apiFetch });
