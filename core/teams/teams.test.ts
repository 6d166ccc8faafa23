import { describe, expect, it } from 'vitest';
import { TEAM_NAME_MAX, TEAM_ROLES, canChangeRole, canRemoveMember, type TeamRole } from './teams';
import { teamNameProblem } from './onboarding';

const table = (rule: (actor: TeamRole, target: TeamRole) => boolean) =>
  Object.fromEntries(
    TEAM_ROLES.map((actor) => [actor, TEAM_ROLES.filter((target) => rule(actor, target))]),
  );

describe('who may do what to whom in a team', () => {
  it('removing: owners anyone, admins anyone but an owner, members nobody', () => {
    expect(table(canRemoveMember)).toEqual({
      owner: ['owner', 'admin', 'member'],
      admin: ['admin', 'member'],
      member: [],
    });
  });

  it('roles: admins neither touch an owner nor make one; members change nothing', () => {
    expect(table((actor, target) => canChangeRole(actor, target, 'owner'))).toEqual({
      owner: ['owner', 'admin', 'member'],
      admin: [],
      member: [],
    });
    expect(table((actor, target) => canChangeRole(actor, target, 'member'))).toEqual({
      owner: ['owner', 'admin', 'member'],
      admin: ['admin', 'member'],
      member: [],
    });
  });
});

describe('teamNameProblem', () => {
  it('takes 2 to 60 characters once trimmed', () => {
    expect(teamNameProblem('CS')).toBeNull();
    expect(teamNameProblem(`  ${'x'.repeat(TEAM_NAME_MAX)}  `)).toBeNull();
    expect(teamNameProblem(' C ')).toBe('Give the team a name of at least 2 characters.');
    expect(teamNameProblem('x'.repeat(TEAM_NAME_MAX + 1))).toBe(
      'The team name can be at most 60 characters.',
    );
  });
});
