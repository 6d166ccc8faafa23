import { describe, expect, it } from 'vitest';
import { PROFESSIONS } from '../constants';
import { TARGET_PROFILE_IDS, targetForProfession } from './skill-ids';

describe('targetForProfession', () => {
  it('names the profile after the profession, for every profession', () => {
    expect(targetForProfession('Tech')).toBe('tech');
    expect(targetForProfession('Creative')).toBe('creative');
    for (const p of PROFESSIONS) expect(TARGET_PROFILE_IDS).toContain(targetForProfession(p));
  });

  it('falls back to Business, the default profession, for none or an unknown one', () => {
    expect(targetForProfession(null)).toBe('business');
    expect(targetForProfession(undefined)).toBe('business');
    expect(targetForProfession('Astronaut')).toBe('business');
  });
});
