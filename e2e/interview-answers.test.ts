import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_ANSWER_AFTER_WORDS, STORAGE_KEYS } from '../core/constants';
import type { TInterviewQuestion } from '../core/content/practice';
import {
  launchBrowser,
  signedInContext,
  signedInPhone,
  startServer,
  type RunningServer,
} from './support';

// Model answers, outlines and solutions open only after the learner has tried (decision 044):
// before that they are not in the page at all, and a coding question's guidance does not give
// the algorithm away.

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  // Chromium's fake microphone and an automatic "Allow", for the recorded attempt.
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function questionOf(page: Page, type: string, id: string): Promise<TInterviewQuestion> {
  const set = (await (await page.request.get(`/api/content/interviews/${type}`)).json()) as {
    questions: TInterviewQuestion[];
  };
  const q = set.questions.find((x) => x.id === id);
  if (!q) throw new Error(`no question ${id} in ${type}`);
  return q;
}

/** The page as rendered: what the learner could see or a screen reader could read. */
const rendered = (page: Page) => page.evaluate(() => document.getElementById('root')?.innerHTML);

async function openQuestion(page: Page, type: string, q: TInterviewQuestion): Promise<Locator> {
  await page.goto(`/interviews/${type}?interview=${q.id}`);
  const panel = page.getByRole('region', { name: q.question });
  await panel.getByRole('heading', { level: 2, name: q.question }).waitFor();
  return panel;
}

/** No serious or critical axe finding in the model answer's section, as it is now. */
async function axeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="model-answer"]')
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const blocking = results.violations.filter((v) =>
    ['serious', 'critical'].includes(v.impact ?? ''),
  );
  expect(
    blocking.map((v) => `${v.id}: ${v.help}`),
    what,
  ).toEqual([]);
}

describe('model answers after an attempt', () => {
  it('a behavioral question opens its STAR answer once the notes reach the word threshold', async () => {
    const context = await signedInContext(browser, server, 'Star Learner');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    const q = await questionOf(page, 'behavioral', 'disagreed-with-a-teammate');
    const answer = q.modelAnswer;
    if (!answer) throw new Error('the question has no model answer');
    const panel = await openQuestion(page, 'behavioral', q);

    const section = panel.getByTestId('model-answer');
    await section.getByRole('heading', { name: 'Model answer' }).waitFor();
    await section.getByText('It opens after you try.', { exact: false }).waitFor();
    expect(await rendered(page)).not.toContain(answer.situation);
    expect(await section.getByRole('button', { name: 'Show the model answer' }).count()).toBe(0);

    const notes = panel.getByLabel('Your answer (typed or transcribed)');
    const words = (n: number) => Array.from({ length: n }, (_, i) => `point${i}`).join(' ');
    await notes.fill(words(MODEL_ANSWER_AFTER_WORDS - 1));
    expect(await section.getByRole('button', { name: 'Show the model answer' }).count()).toBe(0);
    await notes.fill(words(MODEL_ANSWER_AFTER_WORDS));

    // A disclosure: closed until asked for, opened and closed from the keyboard.
    const show = section.getByRole('button', { name: 'Show the model answer' });
    await show.waitFor();
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    expect(await rendered(page)).not.toContain(answer.situation);
    await show.focus();
    await page.keyboard.press('Enter');
    const hide = section.getByRole('button', { name: 'Hide the model answer' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    for (const part of ['Situation', 'Task', 'Action', 'Result', 'What I learned'])
      await section.getByRole('heading', { level: 4, name: part }).waitFor();
    await section.getByText(answer.speaker, { exact: true }).waitFor();
    await section.getByText(answer.situation, { exact: true }).waitFor();
    await axeClean(page, 'the STAR answer, light');
    await page.keyboard.press('Space');
    await show.waitFor();
    expect(await rendered(page)).not.toContain(answer.situation);
    await context.close();
  });

  it('a coding question hides its solution and complexity until "I have answered it aloud", on a phone', async () => {
    const context = await signedInPhone(browser, server, 'Phone Coder');
    const page = await context.newPage();
    const q = await questionOf(page, 'coding', 'two-sum');
    const solution = q.solution;
    if (!solution) throw new Error('the question has no solution');
    const panel = await openQuestion(page, 'coding', q);
    const section = panel.getByTestId('model-answer');
    await section.getByRole('heading', { name: 'Solution' }).waitFor();

    // Before the attempt: the question, how to answer, follow-ups; not the answer.
    await panel.getByText(q.followUps[0] ?? '', { exact: true }).waitFor();
    // The panel only: the list below it shows other questions, some with a time goal.
    const before = await panel.evaluate((el) => el.innerHTML);
    for (const giveaway of [solution.time, solution.space, 'hash map', 'function twoSum'])
      expect(before, giveaway).not.toContain(giveaway);
    expect(before).not.toContain('O(n)');

    const aloud = section.getByRole('button', { name: 'I have answered it aloud' });
    await aloud.click();
    const hide = section.getByRole('button', { name: 'Hide the solution' });
    // Pressing it moves the focus to the disclosure it opened, not to the top of the page.
    await expect.poll(() => hide.evaluate((b) => b === document.activeElement)).toBe(true);
    for (const part of ['Approach', 'Complexity', 'Code sketch (TypeScript)'])
      await section.getByRole('heading', { level: 4, name: part }).waitFor();
    await section.getByText(solution.time, { exact: true }).waitFor();
    await axeClean(page, 'the solution on a phone, light');
    const code = section.locator('pre > code');
    expect(await code.textContent()).toBe(solution.code.trimEnd());

    // The code keeps its lines: a long one scrolls inside its block (reachable by keyboard),
    // never the page, even at 320 px.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${width} px`,
      ).toBeLessThanOrEqual(width);
      const pre = section.locator('pre');
      expect(await pre.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre');
      expect(await pre.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
      expect(await pre.getAttribute('tabindex')).toBe('0');
    }
    await context.close();
  });

  it('a system-design question opens its model outline after a recorded answer', async () => {
    const context = await signedInContext(browser, server, 'Outline Learner');
    const page = await context.newPage();
    await page.addInitScript((key) => localStorage.setItem(key, 'true'), STORAGE_KEYS.dark);
    await page.setViewportSize({ width: 1366, height: 900 });
    const q = await questionOf(page, 'system-design', 'design-a-url-shortener');
    const outline = q.modelOutline;
    if (!outline) throw new Error('the question has no model outline');
    const panel = await openQuestion(page, 'system-design', q);
    const section = panel.getByTestId('model-answer');
    await section.getByRole('heading', { name: 'Model outline' }).waitFor();
    await axeClean(page, 'before the attempt, dark');
    expect(await rendered(page)).not.toContain(outline.estimates[0]);
    // The old sample outline is the model outline now: nothing to show before the attempt.
    expect(await panel.getByText('Show a sample outline').count()).toBe(0);

    await panel.getByRole('button', { name: 'Check microphone' }).click();
    await panel.getByText('Microphone ready').waitFor();
    await panel.getByRole('button', { name: 'Record', exact: true }).click();
    await expect
      .poll(() => panel.getByRole('timer').textContent(), { timeout: 10_000 })
      .toBe('00:01');
    expect(await section.getByRole('button', { name: 'Show the model outline' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Stop recording' }).click();

    await section.getByRole('button', { name: 'Show the model outline' }).click();
    for (const part of ['Requirements', 'Estimates', 'Components', 'Deep dive', 'Trade-offs'])
      await section.getByRole('heading', { level: 4, name: part }).waitFor();
    await section.getByText(outline.estimates[0] ?? '', { exact: true }).waitFor();
    await axeClean(page, 'the model outline, dark');
    await context.close();
  });
});
