import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, passwordLengthProblem } from './password';

describe('passwordLengthProblem', () => {
  it('accepts the minimum and the maximum length', () => {
    expect(passwordLengthProblem('a'.repeat(8), 8)).toBeNull();
    expect(passwordLengthProblem('a'.repeat(MAX_PASSWORD_LENGTH), 8)).toBeNull();
  });

  it('refuses one character too few or too many, naming the range', () => {
    expect(passwordLengthProblem('a'.repeat(9), 10)).toBe('Use 10 to 128 characters.');
    expect(passwordLengthProblem('a'.repeat(MAX_PASSWORD_LENGTH + 1), 8)).toBe(
      'Use 8 to 128 characters.',
    );
    expect(passwordLengthProblem('', 8)).toBe('Use 8 to 128 characters.');
  });
});
