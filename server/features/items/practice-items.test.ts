import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ENTRIES, MAX_ENTRIES_BYTES, type ItemKind } from '../../../core/items/items';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser, jsonCall } from '../../test/users';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ contentDir, env: { TRUSTED_PROXIES: '127.0.0.1' } });
});
afterAll(() => t.close());

const call = jsonCall(() => t);

/** Two real items of each kind from content/. */
const ITEMS: Record<Exclude<ItemKind, 'word'>, [string, string]> = {
  prompt: ['apologize-for-a-billing-error', 'announce-a-new-hire-on-linkedin'],
  insight: ['base-rates', 'circle-of-competence'],
  interview: ['disagreed-with-a-teammate', 'two-sum'],
  activity: ['skills-gap-table', 'weekly-priorities-checklist'],
};
const lists = async (cookie: string, kind: string) =>
  (await call(cookie, 'GET', `/api/items/${kind}`)).json();
const record = async (cookie: string, kind: string, id: string) =>
  (await call(cookie, 'GET', `/api/items/${kind}/${id}`)).json();

describe(`prompt, insight, interview and activity records (${testDialect})`, () => {
  it.each(['prompt', 'interview', 'activity'] as const)(
    '%s: save takes the item off planned; unsave drops it; complete moves planned to completed',
    async (kind) => {
      const { cookie } = await createUser(t);
      const [one, two] = ITEMS[kind];
      await call(cookie, 'POST', `/api/items/${kind}/${one}/plan`);
      await call(cookie, 'POST', `/api/items/${kind}/${two}/plan`);
      await Promise.all(
        Array.from({ length: 5 }, () => call(cookie, 'POST', `/api/items/${kind}/${one}/save`)),
      );
      expect(await lists(cookie, kind)).toMatchObject({ planned: [two], saved: [one] });
      await call(cookie, 'POST', `/api/items/${kind}/${two}/complete`);
      expect(await lists(cookie, kind)).toMatchObject({
        planned: [],
        saved: [one],
        completed: [two],
      });
      await call(cookie, 'POST', `/api/items/${kind}/${one}/unsave`);
      expect(await lists(cookie, kind)).toMatchObject({ saved: [], completed: [two] });
    },
  );

  it('insights have no saved list: save and unsave are refused and change nothing', async () => {
    const { cookie } = await createUser(t);
    const [one] = ITEMS.insight;
    await call(cookie, 'POST', `/api/items/insight/${one}/plan`);
    for (const op of ['save', 'unsave', 'doodled']) {
      const res = await call(cookie, 'POST', `/api/items/insight/${one}/${op}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid-argument');
    }
    expect(await lists(cookie, 'insight')).toMatchObject({ planned: [one], saved: [] });
    await call(cookie, 'POST', `/api/items/insight/${one}/complete`);
    expect(await lists(cookie, 'insight')).toMatchObject({ planned: [], completed: [one] });
  });

  it.each(['prompt', 'insight'] as const)(
    '%s records have no showAgain or gameScore, and setting them is refused',
    async (kind) => {
      const { cookie } = await createUser(t);
      const [one] = ITEMS[kind];
      const visited = await (await call(cookie, 'POST', `/api/items/${kind}/${one}/visit`)).json();
      expect(visited).not.toHaveProperty('showAgain');
      expect(visited).not.toHaveProperty('gameScore');
      expect(
        (await call(cookie, 'PATCH', `/api/items/${kind}/${one}`, { showAgain: false })).status,
      ).toBe(400);
      expect(
        (await call(cookie, 'PATCH', `/api/items/${kind}/${one}`, { gameScore: 50 })).status,
      ).toBe(400);
      // The read is the visit's record plus its visit times: nothing else changed.
      const { visitedAt, ...read } = await record(cookie, kind, one);
      expect(read).toEqual(visited);
      expect(visitedAt).toHaveLength(1);
    },
  );

  it.each(['interview', 'activity'] as const)(
    '%s records keep showAgain and a 0..100 gameScore',
    async (kind) => {
      const { cookie } = await createUser(t);
      const [one] = ITEMS[kind];
      const patched = await (
        await call(cookie, 'PATCH', `/api/items/${kind}/${one}`, {
          showAgain: false,
          gameScore: 75,
        })
      ).json();
      expect(patched).toMatchObject({ showAgain: false, gameScore: 75 });
      expect(
        (await call(cookie, 'PATCH', `/api/items/${kind}/${one}`, { gameScore: 101 })).status,
      ).toBe(400);
      expect(
        (await call(cookie, 'PATCH', `/api/items/${kind}/${one}`, { gameScore: 2.5 })).status,
      ).toBe(400);
      expect(await record(cookie, kind, one)).toMatchObject({ gameScore: 75 });
    },
  );

  it('entries round-trip, and too many or too large entries are refused without a change', async () => {
    const { cookie } = await createUser(t);
    const [prompt] = ITEMS.prompt;
    const entries = [
      { type: 'response', text: 'Dear Ms Rao, I am sorry…', savedAt: '2026-11-22T10:00:00.000Z' },
    ];
    const ok = await call(cookie, 'PATCH', `/api/items/prompt/${prompt}`, { entries });
    expect(ok.status).toBe(200);
    expect((await ok.json()).entries).toEqual(entries);
    const tooMany = await call(cookie, 'PATCH', `/api/items/prompt/${prompt}`, {
      entries: Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => ({ i })),
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.message).toMatch(`At most ${MAX_ENTRIES} entries`);
    const tooBig = await call(cookie, 'PATCH', `/api/items/prompt/${prompt}`, {
      // Counted in UTF-8 bytes: each € is three.
      entries: [{ text: '€'.repeat(MAX_ENTRIES_BYTES / 3 + 1) }],
    });
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).error.message).toMatch(/32 KiB/);
    const overBodyCap = await call(cookie, 'PATCH', `/api/items/prompt/${prompt}`, {
      entries: [{ text: 'x'.repeat(70 * 1024) }],
    });
    expect(overBodyCap.status).toBe(413);
    expect((await record(cookie, 'prompt', prompt)).entries).toEqual(entries);
  });

  it.each(Object.keys(ITEMS))('%s: an unknown id is 404 and stores nothing', async (kind) => {
    const { cookie } = await createUser(t);
    for (const [method, path, body] of [
      ['POST', `/api/items/${kind}/no-such-item/visit`],
      ['POST', `/api/items/${kind}/no-such-item/plan`],
      ['PATCH', `/api/items/${kind}/no-such-item`, { liked: true }],
    ] as const) {
      expect((await call(cookie, method, path, body)).status).toBe(404);
    }
    expect(await lists(cookie, kind)).toMatchObject({ planned: [], liked: [] });
  });

  it('one user’s lists never show another’s', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await call(a.cookie, 'POST', `/api/items/activity/${ITEMS.activity[0]}/save`);
    expect(await lists(b.cookie, 'activity')).toMatchObject({ saved: [] });
    expect(await record(b.cookie, 'activity', ITEMS.activity[0])).toBeNull();
  });
});

describe(`practice content endpoints (${testDialect})`, () => {
  it('lists every section with summaries and serves each item whole', async () => {
    const prompts = (await (await t.fetch('/api/content/prompts')).json()).prompts;
    expect(prompts.length).toBeGreaterThanOrEqual(40);
    expect(prompts[0]).not.toHaveProperty('tips');
    const prompt = await (await t.fetch(`/api/content/prompts/${prompts[0].id}`)).json();
    expect(prompt.tips.length).toBeGreaterThanOrEqual(3);
    const insights = (await (await t.fetch('/api/content/insights')).json()).insights;
    expect(insights.length).toBeGreaterThanOrEqual(30);
    expect(
      (await (await t.fetch(`/api/content/insights/${insights[0].id}`)).json()).steps,
    ).toBeTruthy();
    for (const type of ['behavioral', 'system-design', 'coding']) {
      const set = await (await t.fetch(`/api/content/interviews/${type}`)).json();
      expect(set.type).toBe(type);
      expect(set.questions.length).toBeGreaterThanOrEqual(20);
    }
    const activities = (await (await t.fetch('/api/content/activities')).json()).activities;
    expect(activities.length).toBeGreaterThanOrEqual(20);
    const activity = await (await t.fetch(`/api/content/activities/${activities[0].id}`)).json();
    expect(activity.widgets.length).toBeGreaterThanOrEqual(2);
    const summary = await (await t.fetch('/api/content/summary')).json();
    expect(summary).toMatchObject({
      prompts: prompts.length,
      insights: insights.length,
      activities: activities.length,
    });
  });

  it('answers 404 for unknown items and types, in the API and for pages', async () => {
    for (const path of [
      '/api/content/prompts/nope',
      '/api/content/insights/nope',
      '/api/content/interviews/nope',
      '/api/content/activities/nope',
      '/prompts/nope',
      '/insights/nope',
    ]) {
      expect((await t.fetch(path)).status, path).toBe(404);
    }
  });
});
