import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../core/constants';
import { addDays } from '../core/dates';
import { BUILDS_ON } from '../core/grammar/builds-on';
import { GRAMMAR_PATH, PATH_TOPICS } from '../core/grammar/path';
import { zoneDayKey } from '../core/progress/dashboard';
import { VOCABULARY_PATH } from '../core/vocabulary/path';
import { loadCatalog } from '../server/content/catalog';
import { journey, root, signedInContext } from './support';

// Issue 26 finding 2: grammar was 25 links grouped like a reference page — no levels, no
// order, no per-topic progress, no "you are here". The Learn page is the path.

const catalog = loadCatalog(join(root, 'content'));
const j = journey();

/** Each topic's mastery as the path shows it, in path order. */
const masteries = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="path-topic-"]')].map((li) => [
      li.getAttribute('data-testid')!.slice('path-topic-'.length),
      li.lastElementChild!.textContent!.trim(),
    ]),
  );
const upNext = (page: Page) =>
  page.evaluate(
    () =>
      document
        .querySelector('[data-testid^="path-topic-"][aria-current="step"]')
        ?.getAttribute('data-testid')
        ?.slice('path-topic-'.length) ?? null,
  );

describe('the learning path', () => {
  it('shows units by level with each topic’s mastery, which rises and falls with quizzes, and marks the next step', async () => {
    const context = await signedInContext(j.browser, j.server, 'Path Learner', undefined, {
      verified: true,
    });
    const headers = { Origin: j.server.url };
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/learn');
    await page.getByRole('heading', { level: 1, name: 'Learn' }).waitFor();
    // Five units, Student to Executive, holding all 25 topics in path order.
    const units = await page
      .locator('[data-testid^="unit-"]')
      .evaluateAll((els) => els.map((e) => e.querySelector('p')!.textContent));
    expect(units).toEqual(GRAMMAR_PATH.map((u, i) => `Unit ${i + 1} · ${u.level}`));
    expect(GRAMMAR_PATH.map((u) => u.level)).toEqual([...LEVELS]);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid^="path-topic-"]').length === 25,
    );
    await page.getByText('Not started', { exact: true }).first().waitFor();
    expect((await masteries(page)).map(([t]) => t)).toEqual(PATH_TOPICS.map((t) => t.path));
    expect((await masteries(page)).every(([, m]) => m === 'Not started')).toBe(true);
    const [first, second] = PATH_TOPICS;
    expect(await upNext(page)).toBe(first!.path);

    // A quiz with 8 of 10 right: proficient, and the path moves on.
    const quiz = async (topic: string, right: number) => {
      const questions = catalog.grammar.topics.get(topic)!.questions.slice(0, 10);
      const res = await context.request.post('/api/grammar/attempts', {
        data: {
          attemptId: crypto.randomUUID(),
          topicId: topic,
          answers: questions.map((q, i) =>
            i < right ? q.correctIndex : (q.correctIndex + 1) % q.options.length,
          ),
          questionIds: questions.map((q) => q.id),
        },
        headers,
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await quiz(first!.path, 8);
    await page.reload();
    await page.getByTestId(`path-topic-${first!.path}`).getByText('Proficient').waitFor();
    expect(await upNext(page)).toBe(second!.path);
    await page.getByText('1 of 6 proficient').waitFor();

    // A weaker quiz later brings it back down, and it is the next step again.
    await quiz(first!.path, 3);
    await page.reload();
    await page.getByTestId(`path-topic-${first!.path}`).getByText('Practicing').waitFor();
    expect(await upNext(page)).toBe(first!.path);

    // A team assignment shows on its topic.
    const slug = `path-team-${Date.now()}`;
    expect(
      (
        await context.request.post('/api/teams', { data: { name: 'Path Team', slug }, headers })
      ).status(),
    ).toBe(201);
    const assigned = PATH_TOPICS[10]!;
    const dueOn = addDays(zoneDayKey(new Date(), 'UTC'), 5);
    const made = await context.request.post(`/api/teams/${slug}/assignments`, {
      data: { kind: 'topic', contentId: assigned.path, dueOn },
      headers,
    });
    expect(made.status(), await made.text()).toBe(201);
    await page.reload();
    await page
      .getByTestId(`path-topic-${assigned.path}`)
      .getByText('Assigned by Path Team', { exact: false })
      .waitFor();

    // The whole catalog is one tap away, and nothing scrolls sideways at 320 px.
    expect(
      await page.getByRole('link', { name: 'All topics and the deep dive' }).getAttribute('href'),
    ).toBe('/grammar');
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await context.close();
  });

  it('a guest sees the same path, from what this device keeps', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/learn');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid^="path-topic-"]').length === 25,
    );
    await page.getByRole('link', { name: `Continue: ${PATH_TOPICS[0]!.name}` }).waitFor();
    expect(await upNext(page)).toBe(PATH_TOPICS[0]!.path);
    await context.close();
  });

  // Issue 31: each topic and word set has a level and a unit, and each topic names the
  // topics it builds on.
  it('places each word set in a vocabulary unit by level, and a topic shows its unit and what it builds on', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/learn');
    const units = page.locator('[data-testid^="vocabulary-unit-"]');
    await units.first().waitFor();
    expect(
      await units.evaluateAll((els) =>
        els.map((e) => [
          e.getAttribute('data-testid'),
          e.querySelector('summary span span')!.textContent,
        ]),
      ),
    ).toEqual(
      VOCABULARY_PATH.map((u, i) => [`vocabulary-unit-${u.id}`, `Unit ${i + 1} · ${u.level}`]),
    );
    expect(VOCABULARY_PATH.map((u) => u.level)).toEqual([...LEVELS]);
    // Every set shows once, in the unit its content names.
    for (const unit of VOCABULARY_PATH) {
      const box = page.getByTestId(`vocabulary-unit-${unit.id}`);
      await box.locator('summary').click();
      const titles = await box.locator('li a span:first-child').allTextContents();
      const inUnit = catalog.vocabulary.sets.filter((s) => s.unit === unit.id);
      const expected = inUnit.map((s) => s.title);
      expect(titles.length, unit.id).toBeGreaterThan(0);
      expect([...titles].sort(), unit.id).toEqual([...expected].sort());
      const words = inUnit.reduce((n, s) => n + s.words.length, 0);
      await box.getByText(`0 of ${words} learned`).waitFor();
    }
    expect(await page.locator('[data-testid^="vocabulary-unit-"] li').count()).toBe(
      catalog.vocabulary.sets.length,
    );

    // A topic says where it sits on the path and links what it builds on.
    const topic = 'definite-indefinite-articles';
    await page.goto(`/grammar/${topic}`);
    const place = page.getByTestId('topic-place');
    await place.getByText('Unit 2 · Junior').waitFor();
    expect((await place.textContent())?.replace(/\s+/g, ' ')).toBe(
      'Unit 2 · Junior · Everyday accuracy' +
        'Builds on: Articles, Countable and uncountable nouns',
    );
    expect(BUILDS_ON[topic]).toEqual(['articles', 'countable-uncountable-nouns']);
    await place.getByRole('link', { name: 'Articles' }).click();
    await page.waitForURL((u) => u.pathname === '/grammar/articles');
    await page.getByTestId('topic-place').getByText('Builds on: Nouns').waitFor();
    await page.getByTestId('topic-place').getByRole('link', { name: 'Nouns' }).click();
    await page.waitForURL((u) => u.pathname === '/grammar/nouns');
    await page
      .getByTestId('topic-place')
      .getByText('A starting point: it builds on no other topic.')
      .waitFor();
    await context.close();
  });
});
