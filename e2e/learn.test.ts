import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../core/constants';
import { addDays } from '../core/dates';
import { GRAMMAR_PATH, PATH_TOPICS } from '../core/grammar/path';
import { zoneDayKey } from '../core/progress/dashboard';
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
});
