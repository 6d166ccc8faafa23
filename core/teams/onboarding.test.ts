import { describe, expect, it } from 'vitest';
import { links, paths } from '../paths';
import { joinDomainProblem, shownName, splitAddressList, teamNameProblem } from './onboarding';

describe('names an invitation may show', () => {
  it('keeps plain names, trimmed and cut to length', () => {
    expect(shownName('  Olga   Owner ', 40)).toBe('Olga Owner');
    expect(shownName('St. Louis sales', 60)).toBe('St. Louis sales');
    expect(shownName('Zoë Ørsted-Ñúñez 😀', 40)).toBe('Zoë Ørsted-Ñúñez 😀');
    const cut = shownName('Ana '.repeat(20), 40)!;
    expect(Array.from(cut)).toHaveLength(40);
    expect(cut.endsWith('…')).toBe(true);
  });
  it('leaves out link-like names and control or direction characters', () => {
    for (const name of [
      'Claim at evil.com',
      'paypal.co.uk support',
      'https://x',
      'mailto:boss',
      'www.x team',
      'evil。com',
      'Bob\u202eexe.txt',
      'Two\nlines',
      '',
    ])
      expect(shownName(name, 60), name).toBeNull();
  });
  it('holds new team names to the same rule', () => {
    expect(teamNameProblem('Acme Sales')).toBeNull();
    expect(teamNameProblem('Visit evil.com')).toMatch(/web address/);
    expect(teamNameProblem('A\u2066B')).toMatch(/text-direction/);
  });
});

describe('addresses pasted in one box', () => {
  it('splits on commas, semicolons, spaces and new lines, drops repeats and angle brackets', () => {
    expect(
      splitAddressList(' a@x.example,b@x.example;\n\tc@x.example  A@X.example <d@x.example>'),
    ).toEqual(['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example']);
    expect(splitAddressList(' , ;\n')).toEqual([]);
  });
});

describe('the join link', () => {
  it('takes a plain lower-case domain', () => {
    expect(joinDomainProblem('acme.example')).toBeNull();
    expect(joinDomainProblem('mail.acme-corp.example')).toBeNull();
    for (const bad of ['acme', '@acme.example', 'a b.example', 'acme..example', '-acme.example'])
      expect(joinDomainProblem(bad), bad).not.toBeNull();
  });
  it('a new account goes to the invitation or join link before onboarding', () => {
    expect(links.afterNewAccount(paths.invitation('abc'))).toBe('/teams/invitations/abc');
    const join = paths.teamJoin('A'.repeat(32));
    expect(links.afterNewAccount(join)).toBe(join);
    expect(links.afterNewAccount('/grammar')).toBe('/welcome?next=%2Fgrammar');
  });
});
