import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownPage } from '../../../core/paths';
import type { SkillsContent, SkillsState } from '../../../core/progress/skills';
import { ContentError, loadCatalog, type Catalog } from '../../content/catalog';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
let t: TestServer;
let catalog: Catalog;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  catalog = loadCatalog(contentDir);
});
afterAll(() => t.close());

const call = (cookie: string | null, method: string, path: string, body?: unknown) =>
  t.fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const skills = async (cookie: string): Promise<SkillsState> =>
  (await call(cookie, 'GET', '/api/skills')).json();
const put = (cookie: string, skillId: string, body: unknown) =>
  call(cookie, 'PUT', `/api/skills/${skillId}`, body);
const rows = (userId: string) =>
  t.db.db.selectFrom('skill_score').selectAll().where('user_id', '=', userId).execute();

describe(`skills content (${testDialect})`, () => {
  it('is public and cacheable, with every builtBy reference resolved to a live page', async () => {
    const res = await t.fetch('/api/skills/content');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const body = (await res.json()) as SkillsContent;
    expect(body.groups.map((g) => g.id)).toEqual([
      'foundation',
      'innovation',
      'execution',
      'communication',
      'evolution',
    ]);
    expect(body.skills).toHaveLength(30);
    expect(body.targetProfiles.map((p) => p.id)).toContain('tech');
    for (const skill of body.skills)
      for (const ref of skill.builtBy) {
        expect(ref.title.length, `${skill.id} → ${ref.id}`).toBeGreaterThan(0);
        const url = new URL(ref.href, 'http://x');
        expect(isKnownPage(url.pathname, catalog.ids), ref.href).toBe(true);
      }
    // One link per section, checked against the catalog (content/skills.yaml is still edited).
    const refs = body.skills.flatMap((s) => s.builtBy);
    const first = (section: string) => {
      const ref = refs.find((r) => r.section === section);
      if (!ref) throw new Error(`no ${section} reference`);
      return ref;
    };
    const interview = first('interviews');
    const question = catalog.interviews.questions.get(interview.id);
    expect(interview).toEqual({
      section: 'interviews',
      id: interview.id,
      title: question?.question,
      href: `/interviews/${question?.type}?interview=${interview.id}`,
    });
    const grammar = first('grammar');
    expect(grammar).toMatchObject({
      title: catalog.grammar.topics.get(grammar.id)?.title,
      href: `/grammar/${grammar.id}`,
    });
    const set = first('vocabulary');
    expect(set).toMatchObject({
      title: catalog.vocabulary.sets.find((x) => x.id === set.id)?.title,
      href: `/vocabulary/${set.id}`,
    });
    const prompt = first('prompts');
    expect(prompt).toMatchObject({
      title: catalog.prompts.find((x) => x.id === prompt.id)?.title,
      href: `/prompts/${prompt.id}`,
    });
    const insight = first('insights');
    expect(insight.href).toBe(`/insights/${insight.id}`);
    const activity = first('activities');
    expect(activity).toMatchObject({
      title: catalog.activities.find((x) => x.id === activity.id)?.title,
      href: `/activity/activities?activity=${activity.id}`,
    });
    expect(
      (await (await t.fetch('/api/content/summary')).json()) as { skills: number },
    ).toMatchObject({ skills: 30 });
  });

  it('refuses to start with a builtBy reference to content that does not exist, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillway-skills-'));
    try {
      copyFileSync(join(contentDir, 'skills.yaml'), join(dir, 'skills.yaml'));
      expect(() => loadCatalog(dir)).toThrow(ContentError);
      const skill = catalog.skills?.skills[0];
      const ref = skill?.builtBy[0];
      expect(() => loadCatalog(dir)).toThrow(
        `skill "${skill?.id}" is built by ${ref?.section} "${ref?.id}", which does not exist`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe(`skill scores (${testDialect})`, () => {
  it('start at the baseline of 1 for all 30 skills', async () => {
    const { cookie } = await createUser(t);
    const res = await call(cookie, 'GET', '/api/skills');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { scores, rated } = (await res.json()) as SkillsState;
    expect(Object.keys(scores)).toEqual(catalog.skills?.skills.map((s) => s.id));
    expect(new Set(Object.values(scores))).toEqual(new Set([1]));
    expect(rated).toEqual([]);
  });

  it('name the skills rated so far, in skill order, a rating of 1 included', async () => {
    const { cookie } = await createUser(t);
    const ids = catalog.skills?.skills.map((s) => s.id) ?? [];
    const [first, second] = [ids[5], ids[1]] as [string, string];
    expect((await put(cookie, first, { score: 1 })).status).toBe(200);
    expect((await put(cookie, second, { score: 4 })).status).toBe(200);
    expect((await skills(cookie)).rated).toEqual([second, first]);
  });

  it('save one at a time and read back', async () => {
    const { cookie, id } = await createUser(t);
    const res = await put(cookie, 'tech-skills', { score: 5 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ skillId: 'tech-skills', score: 5 });
    expect((await put(cookie, 'ethics', { score: 3 })).status).toBe(200);
    expect((await put(cookie, 'tech-skills', { score: 4 })).status).toBe(200);
    const { scores } = await skills(cookie);
    expect(scores).toMatchObject({ 'tech-skills': 4, ethics: 3, 'critical-thinking': 1 });
    expect(await rows(id)).toHaveLength(2);
  });

  it('refuses scores outside 1–5, non-integers, strings, missing and extra fields, changing nothing', async () => {
    const { cookie, id } = await createUser(t);
    await put(cookie, 'sales', { score: 4 });
    const before = await rows(id);
    for (const body of [
      { score: 0 },
      { score: 6 },
      { score: -1 },
      { score: 2.5 },
      { score: '3' },
      { score: null },
      { score: true },
      {},
      { score: 3, userId: id },
      { score: 3, extra: 1 },
      [3],
      'not json',
    ]) {
      const res = await put(cookie, 'sales', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.code).toBe('invalid-argument');
    }
    expect(await rows(id)).toEqual(before);
    expect((await skills(cookie)).scores.sales).toBe(4);
  });

  it('answers 404 for a skill that does not exist, storing nothing', async () => {
    const { cookie, id } = await createUser(t);
    for (const skillId of ['cooking', 'Tech-Skills', 'tech%20skills']) {
      const res = await put(cookie, skillId, { score: 3 });
      expect(res.status, skillId).toBe(404);
      expect((await res.json()).error.code).toBe('not-found');
    }
    expect(await rows(id)).toEqual([]);
  });

  it('20 parallel saves of different values leave one row holding one of them', async () => {
    const { cookie, id } = await createUser(t);
    const values = Array.from({ length: 20 }, (_, i) => (i % 5) + 1);
    const results = await Promise.all(values.map((score) => put(cookie, 'negotiation', { score })));
    expect(results.map((r) => r.status)).toEqual(values.map(() => 200));
    const stored = await rows(id);
    expect(stored).toHaveLength(1);
    expect(values).toContain(Number(stored[0]?.score));
    expect((await skills(cookie)).scores.negotiation).toBe(Number(stored[0]?.score));
  });

  it('keep users apart: B never sees or changes A’s scores', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await put(a.cookie, 'leadership', { score: 5 });
    expect((await skills(b.cookie)).scores.leadership).toBe(1);
    await put(b.cookie, 'leadership', { score: 2 });
    expect((await skills(a.cookie)).scores.leadership).toBe(5);
    expect((await skills(b.cookie)).scores.leadership).toBe(2);
    const exported = await (await call(a.cookie, 'GET', '/api/me/export')).json();
    expect(exported.skillScores).toEqual({
      leadership: { score: 5, updatedAt: expect.any(String) },
    });
  });
});

describe(`skill evidence (${testDialect})`, () => {
  /** A quiz attempt with every answer 0; returns the score the server gave it. */
  const attempt = async (cookie: string, topicId: string) => {
    const n = catalog.grammar.topics.get(topicId)?.questions.length ?? 0;
    const res = await call(cookie, 'POST', '/api/grammar/attempts', {
      attemptId: randomUUID(),
      topicId,
      answers: Array.from({ length: n }, () => 0),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { score: number }).score;
  };
  const all = () => catalog.skills?.skills ?? [];
  // Free users cannot write premium items' records, so the journeys use free ones.
  const KIND = { prompts: 'prompt', insights: 'insight', interviews: 'interview' } as const;
  const refsOf = (section: string) =>
    [
      ...new Set(
        all().flatMap((s) => s.builtBy.filter((r) => r.section === section).map((r) => r.id)),
      ),
    ].filter(
      (id) => !(section in KIND && catalog.premiumIds[KIND[section as keyof typeof KIND]].has(id)),
    );
  /** A write the journey needs; failing here names the step rather than a later count. */
  const ok = async (cookie: string, method: string, path: string, body?: unknown) =>
    expect((await call(cookie, method, path, body)).status, `${method} ${path}`).toBe(200);
  const count = (skillId: string, section: string, ids: readonly string[] = []) =>
    all()
      .find((s) => s.id === skillId)
      ?.builtBy.filter((r) => r.section === section && (ids.length === 0 || ids.includes(r.id)))
      .length ?? 0;
  const ITEM_SECTIONS = ['prompts', 'insights', 'activities', 'interviews'];
  const setSize = (id: string) =>
    catalog.vocabulary.sets.find((s) => s.id === id)?.words.length ?? 0;

  it('starts empty for every skill, with a part only for the sections that build it', async () => {
    const { cookie } = await createUser(t);
    const { evidence } = await skills(cookie);
    expect(Object.keys(evidence)).toHaveLength(30);
    for (const skill of all()) {
      const sets = skill.builtBy.filter((r) => r.section === 'vocabulary');
      const interviews = count(skill.id, 'interviews');
      expect(evidence[skill.id], skill.id).toEqual({
        completed: 0,
        of: ITEM_SECTIONS.reduce((n, section) => n + count(skill.id, section), 0),
        ...(sets.length > 0
          ? { words: { completed: 0, of: sets.reduce((n, r) => n + setSize(r.id), 0) } }
          : {}),
        ...(count(skill.id, 'grammar') > 0 ? { grammar: { average: null, topics: 0 } } : {}),
        ...(interviews > 0 ? { interviews: { average: null, scored: 0, of: interviews } } : {}),
      });
    }
  });

  it('follows completed items, words, grammar scores and interview self-reviews', async () => {
    const { cookie } = await createUser(t);
    // Completing counts for every skill the item builds; planning alone counts for none.
    const [prompt, planned] = refsOf('prompts');
    const [insight] = refsOf('insights');
    await ok(cookie, 'POST', `/api/items/prompt/${prompt}/complete`);
    await ok(cookie, 'POST', `/api/items/insight/${insight}/complete`);
    await ok(cookie, 'POST', `/api/items/prompt/${planned}/plan`);
    const [set = ''] = refsOf('vocabulary');
    const word = catalog.vocabulary.sets.find((s) => s.id === set)?.words[0]?.id;
    await ok(cookie, 'POST', `/api/items/word/${word}/complete`);
    const tenses = await attempt(cookie, 'tenses');
    const nouns = await attempt(cookie, 'nouns');
    const [reviewed = '', alsoReviewed = ''] = refsOf('interviews');
    await ok(cookie, 'PATCH', `/api/items/interview/${reviewed}`, { gameScore: 80 });
    await ok(cookie, 'PATCH', `/api/items/interview/${alsoReviewed}`, { gameScore: 45 });
    await ok(cookie, 'POST', `/api/items/interview/${alsoReviewed}/complete`);

    const { evidence } = await skills(cookie);
    const grammar = { average: Math.round((tenses + nouns) / 2), topics: 2 };
    let touched = 0;
    for (const skill of all()) {
      const e = evidence[skill.id];
      const done =
        count(skill.id, 'prompts', [prompt ?? '']) +
        count(skill.id, 'insights', [insight ?? '']) +
        count(skill.id, 'interviews', [alsoReviewed]);
      expect(e?.completed, skill.id).toBe(done);
      if (e?.words) expect(e.words.completed, skill.id).toBe(count(skill.id, 'vocabulary', [set]));
      if (count(skill.id, 'grammar') > 0) expect(e?.grammar, skill.id).toEqual(grammar);
      else expect(e, skill.id).not.toHaveProperty('grammar');
      const scores = [
        ...(count(skill.id, 'interviews', [reviewed]) ? [80] : []),
        ...(count(skill.id, 'interviews', [alsoReviewed]) ? [45] : []),
      ];
      if (e?.interviews)
        expect(e.interviews, skill.id).toMatchObject({
          scored: scores.length,
          average:
            scores.length > 0 ? Math.round(scores.reduce((a, b) => a + b) / scores.length) : null,
        });
      if (done > 0) touched++;
    }
    expect(touched).toBeGreaterThan(0);
  });

  it('counts only the user’s own rows', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const [insight = ''] = refsOf('insights');
    const skill = all().find((s) => s.builtBy.some((r) => r.id === insight))?.id ?? '';
    await ok(a.cookie, 'POST', `/api/items/insight/${insight}/complete`);
    await attempt(a.cookie, 'tenses');
    expect((await skills(a.cookie)).evidence[skill]?.completed).toBe(1);
    const other = await skills(b.cookie);
    expect(other.evidence[skill]?.completed).toBe(0);
    for (const e of Object.values(other.evidence))
      if (e.grammar) expect(e.grammar).toEqual({ average: null, topics: 0 });
  });
});
