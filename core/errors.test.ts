import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, codeForStatus, isErrorCode } from './errors';

describe('error catalog', () => {
  it('maps the spec codes to the statuses DESIGN.md names', () => {
    expect(ERROR_STATUS).toMatchObject({
      'invalid-argument': 400,
      unauthenticated: 401,
      'quota-exceeded': 402,
      'permission-denied': 403,
      'not-found': 404,
      'already-exists': 409,
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
      aborted: 409,
    });
  });

  it('covers every callable error code of spec section 8', () => {
    const spec = [
      'cancelled',
      'unknown',
      'invalid-argument',
      'deadline-exceeded',
      'not-found',
      'already-exists',
      'permission-denied',
      'unauthenticated',
      'resource-exhausted',
      'failed-precondition',
      'aborted',
      'out-of-range',
      'unimplemented',
      'internal',
      'unavailable',
      'data-loss',
    ];
    for (const code of spec) expect(isErrorCode(code)).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });

  it('picks a code for a bare status', () => {
    expect(codeForStatus(404)).toBe('not-found');
    expect(codeForStatus(429)).toBe('resource-exhausted');
    expect(codeForStatus(502)).toBe('internal');
    expect(codeForStatus(418)).toBe('invalid-argument');
  });
});
