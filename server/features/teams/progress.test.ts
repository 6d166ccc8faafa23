import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamProgress } from '../../../core/teams/teams';
import { loadCatalog } from '../../content/catalog';
import type { Db } from '../../db/client';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';
import { memberTargets, teamProgress } from './progress';
import { teamFixtures } from './team-fixtures';

let t: TestServer;
beforeAll(async () => {
  // The real content: the report measures skills against its target profiles.
  t = await startTestServer({
    contentDir: joinPath(import.meta.dirname, '..', '..', '..', 'content'),
    env: { TRUSTED_PROXIES: '127.0.0.1' },
  });
});
afterAll(() => t.close());
const call = jsonCall(() => t);
const { ok, refused, join, teamWith } = teamFixtures(() => t);

type User = Awaited<ReturnType<typeof createUser>>;
let loaded: ReturnType<typeof loadCatalog> | undefined;
const catalog = () => (loaded ??= loadCatalog(t.config.contentDir));
const skills = () => catalog().skills!;
const profileName = (id: string) => skills().targetProfiles.find((p) => p.id === id)!.name;

const setProfession = (u: User, value: string) =>
  ok(call(u.cookie, 'PATCH', '/api/profile', { field: 'profession', value }));

/** The database, counting each statement it runs. */
function counting(db: Db): { db: Db; statements: () => number } {
  let n = 0;
  return {
    db: db.withPlugin({
      transformQuery: (args) => {
        n += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    }),
    statements: () => n,
  };
}

/** The CSV as rows of raw fields (every text field is quoted, none holds a line break). */
function csvRows(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
}

describe(`the team report's skills and CSV (${testDialect})`, () => {
  it('measures each member against their own target role by default', async () => {
    const { slug, owner, admin, member } = await teamWith();
    await setProfession(member, 'Tech');
    await setProfession(admin, 'Creative');
    // A rating below the Tech profile's targets, so Mia has a gap to name.
    const skill = skills().skills[0]!;
    await ok(call(member.cookie, 'PUT', `/api/skills/${skill.id}`, { score: 1 }));

    const report = await ok<TeamProgress>(
      call(owner.cookie, 'GET', `/api/teams/${slug}/progress?tz=UTC`),
    );
    expect(report.target).toBeNull();
    const targetOf = (id: string) => report.members.find((m) => m.userId === id)!.skills!.target;
    expect(targetOf(member.id)).toEqual({ id: 'tech', name: profileName('tech') });
    expect(targetOf(admin.id)).toEqual({ id: 'creative', name: profileName('creative') });
    // No profession saved: the default one's profile (Business).
    expect(targetOf(owner.id)).toEqual({ id: 'business', name: profileName('business') });

    // Mia's biggest gap is the Tech profile's, not another profile's.
    const tech = skills().targetProfiles.find((p) => p.id === 'tech')!;
    const mia = report.members.find((m) => m.userId === member.id)!.skills!;
    const biggest = Math.max(...Object.values(tech.targets)) - 1;
    expect(mia.biggestGap!.target - mia.biggestGap!.score).toBe(biggest);
    const gapSkill = skills().skills.find((s) => s.name === mia.biggestGap!.skill)!;
    expect(tech.targets[gapSkill.id]).toBe(mia.biggestGap!.target);

    // A member's own row uses their own target too.
    const own = await ok<TeamProgress>(call(member.cookie, 'GET', `/api/teams/${slug}/progress`));
    expect(own.members[0]!.skills!.target.id).toBe('tech');
  });

  it('an admin may measure everyone against one profile instead', async () => {
    const { slug, admin, member } = await teamWith();
    await setProfession(member, 'Tech');
    const report = await ok<TeamProgress>(
      call(admin.cookie, 'GET', `/api/teams/${slug}/progress?tz=UTC&target=entrepreneurial`),
    );
    expect(report.target).toBe('entrepreneurial');
    expect(new Set(report.members.map((m) => m.skills!.target.id))).toEqual(
      new Set(['entrepreneurial']),
    );
    expect(report.targets.map((p) => p.id)).toEqual(skills().targetProfiles.map((p) => p.id));
  });

  it('refuses an unknown target profile with a 400', async () => {
    const { slug, admin } = await teamWith();
    const error = await refused(
      call(admin.cookie, 'GET', `/api/teams/${slug}/progress?target=astronaut`),
      400,
    );
    expect(error.message).toMatch(/target/);
    await refused(call(admin.cookie, 'GET', `/api/teams/${slug}/progress.csv?target=x`), 400);
  });

  it('reads every member’s target in one statement, and the report costs the same for 3 or 8 members', async () => {
    const { slug, owner, member } = await teamWith();
    await setProfession(member, 'Tech');
    const ids = (
      await t.db.db.selectFrom('user').select('id').orderBy('createdAt').limit(8).execute()
    ).map((u) => u.id);
    const targets = counting(t.db.db);
    const found = await memberTargets(targets.db, [...ids, member.id]);
    expect(targets.statements()).toBe(1);
    expect(found.get(member.id)).toBe('tech');
    expect((await memberTargets(targets.db, [])).size).toBe(0);
    expect(targets.statements()).toBe(1);

    const user = { id: owner.id } as Parameters<typeof teamProgress>[2];
    const cost = async () => {
      const c = counting(t.db.db);
      await teamProgress(c.db, catalog(), user, slug, { tz: 'UTC' });
      return c.statements();
    };
    const small = await cost();
    for (let i = 0; i < 5; i++) await join(owner, slug, await createUser(t, { name: `M ${i}` }));
    expect(await cost()).toBe(small);
  });

  it('exports one table: a header and one row per member, with the target used for each', async () => {
    const { slug, admin, member, owner } = await teamWith();
    await setProfession(member, 'Tech');
    await ok(
      call(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'topic',
        contentId: [...catalog().grammar.topics.values()][0]!.topic,
      }),
      201,
    );
    await ok(
      call(admin.cookie, 'POST', `/api/teams/${slug}/assignments`, {
        kind: 'deep-dive',
        contentId: 'deep-dive',
        dueOn: '2020-01-01',
      }),
      201,
    );
    // Names a spreadsheet would run as formulas are written as text, also after a `;`.
    const sneaky = await createUser(t, { name: '=HYPERLINK("http://x","y")' });
    await join(admin, slug, sneaky);
    const semi = await createUser(t, { name: 'Eve;=1+1' });
    await join(admin, slug, semi);

    const res = await call(admin.cookie, 'GET', `/api/teams/${slug}/progress.csv?tz=UTC`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${slug}-progress.csv"`,
    );
    const [header, ...rows] = csvRows(await res.text());
    expect(header!.slice(0, 4)).toEqual([
      '"name"',
      '"email"',
      '"role"',
      expect.stringMatching(/^"points \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d"$/),
    ]);
    expect(header!.slice(-8)).toEqual([
      '"assignments"',
      '"assignments done"',
      '"assignments overdue"',
      '"skills target"',
      '"skills rated"',
      '"skills at target"',
      '"skills in target"',
      '"biggest skill gap"',
    ]);
    // Five members, two assignments each: still five rows, each as wide as the header.
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toHaveLength(header!.length);
    const col = (name: string) => header!.indexOf(`"${name}"`);
    const rowOf = (email: string) => rows.find((r) => r[1] === `"${email}"`)!;
    const mia = rowOf(member.email);
    expect(mia[0]).toBe('"Mia Member"');
    expect(mia[col('skills target')]).toBe(`"${profileName('tech')}"`);
    expect(mia[col('assignments')]).toBe('2');
    expect(mia[col('assignments overdue')]).toBe('1');
    expect(rowOf(owner.email)[col('skills target')]).toBe(`"${profileName('business')}"`);
    expect(rowOf(sneaky.email)[0]).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(rowOf(semi.email)[0]).toBe(`"'Eve;=1+1"`);

    // The admin's choice applies to the CSV as well.
    const chosen = await call(admin.cookie, 'GET', `/api/teams/${slug}/progress.csv?target=impact`);
    const [, ...same] = csvRows(await chosen.text());
    expect(new Set(same.map((r) => r[col('skills target')]))).toEqual(
      new Set([`"${profileName('impact')}"`]),
    );
  });

  it('the CSV is for admins: a member gets 403 and a guest 401', async () => {
    const { slug, member } = await teamWith();
    await refused(call(member.cookie, 'GET', `/api/teams/${slug}/progress.csv`), 403);
    await refused(call(null, 'GET', `/api/teams/${slug}/progress.csv`), 401);
  });
});
