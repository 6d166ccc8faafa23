import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUIZ_LENGTH } from '../core/grammar/quiz-pick';
import { loadCatalog } from '../server/content/catalog';
import {
  expectReachable,
  journey,
  questionOnScreen,
  root,
  signedInContext,
  signedInPhone,
} from './support';

// The practice player (issue 26): one item filling a phone's screen, the feedback where the
// thumb is and never under the bottom bar, a default action that finishes the quiz, a
// summary that retries what was missed, and drawer toggles only where they belong.

const catalog = loadCatalog(join(root, 'content'));
const topic = catalog.grammar.topics.get('conditionals');
if (!topic) throw new Error('conditionals content missing');
const deepDive = catalog.grammar.deepDive;
const QUIZ = Math.min(QUIZ_LENGTH, topic.questions.length);

const j = journey();

const phone = { width: 390, height: 844 };

/** The main region's primary buttons (and links styled as one). */
const primaries = (page: Page) =>
  page.getByRole('main').locator('a.bg-brand-700:visible, button.bg-brand-700:visible');

describe('the practice player on a phone', () => {
  it('the lesson offers "Practice" at its top; the quiz fills the screen with a progress bar, and the answer’s feedback and its way on show without a jump, above the bottom bar', async () => {
    const context = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      viewport: phone,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto('/grammar/conditionals');
    const practice = page
      .getByRole('main')
      .getByRole('link', { name: 'Practice', exact: true })
      .first();
    await expectReachable(page, practice, 'the lesson’s Practice action');
    await practice.tap();
    await page.waitForURL('**/grammar/conditionals/practice');
    await page.getByRole('heading', { name: `Practice: 1 / ${QUIZ}` }).waitFor();
    const bar = page.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('1');
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(QUIZ));
    // No lesson above the question, and "Read the lesson" one tap away.
    expect(await page.getByRole('heading', { name: 'The rules' }).count()).toBe(0);
    await expectReachable(
      page,
      page.getByRole('link', { name: 'Read the lesson' }),
      'Read the lesson',
    );

    const q = await questionOnScreen(page, topic);
    const options = page.getByRole('list', { name: q.question }).getByRole('button');
    expect(await options.count()).toBe(q.options.length);
    for (let i = 0; i < q.options.length; i++)
      await expectReachable(page, options.nth(i), `option ${i + 1}`);

    const scrolled = await page.evaluate(() => window.scrollY);
    await options.nth(q.options.length - 1).tap();
    const feedback = page.getByTestId('quiz-feedback');
    await feedback.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expectReachable(page, feedback, 'the feedback phrase');
    await expectReachable(page, page.getByText(q.explanation), 'the explanation');
    const next = page.getByRole('button', { name: 'Next Question' });
    await expectReachable(page, next, 'Next Question');
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('the lesson says "Practice" for its one action, at the top and after the lesson', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/grammar/conditionals');
    const practice = page.getByRole('main').getByRole('link', { name: 'Practice', exact: true });
    await practice.first().waitFor();
    expect(await practice.count()).toBe(2);
    for (const href of await practice.evaluateAll((els) => els.map((e) => e.getAttribute('href'))))
      expect(href).toBe('/grammar/conditionals/practice');
    expect(await page.getByRole('link', { name: 'Start practice' }).count()).toBe(0);
    await context.close();
  });

  it('a wrong answer’s sheet says the right answer and leaves the question in view; the tab bar gives way to the player and comes back on leaving; a guest’s summary leads to an account', async () => {
    const context = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      viewport: phone,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const tabBar = page.locator('[data-tab-row] > nav');
    await page.goto('/grammar/conditionals');
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    expect(await tabBar.isVisible()).toBe(true);

    await page.goto('/grammar/conditionals/practice');
    await page.getByRole('heading', { name: `Practice: 1 / ${QUIZ}` }).waitFor();
    // Focused: no tab bar or drawer-toggle row; the theme toggle still floats at hand.
    await page.locator('html[data-player]').waitFor({ state: 'attached' });
    expect(await tabBar.isVisible()).toBe(false);
    expect(await page.getByTestId('dock').isVisible()).toBe(false);
    const toggle = page.getByTestId('theme-toggle');
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-label')).toBe('Dark mode');

    const q = await questionOnScreen(page, topic!);
    const wrong = (q.correctIndex + 1) % q.options.length;
    await page.getByRole('list', { name: q.question }).getByRole('button').nth(wrong).tap();
    const sheet = page.getByTestId('player-sheet');
    await sheet.waitFor();
    // The right answer in words, with the feedback phrase and the explanation kept.
    expect(await sheet.getByTestId('sheet-correct').textContent()).toBe(
      `Correct answer: ${q.options[q.correctIndex]}`,
    );
    await sheet.getByTestId('quiz-feedback').waitFor();
    await sheet.getByText(q.explanation).waitFor();
    // At most half the screen, at its bottom edge; the question stays above it.
    const vh = phone.height;
    const box = (await sheet.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(vh * 0.5);
    expect(box.y + box.height).toBeGreaterThan(vh - 16);
    const prompt = (await page.locator('#quiz-question').boundingBox())!;
    expect(prompt.y + prompt.height).toBeLessThanOrEqual(box.y);
    await expectReachable(
      page,
      page.getByRole('button', { name: 'Next Question' }),
      'Next Question',
    );
    // The theme toggle gives way to the sheet's buttons.
    expect(await toggle.isVisible()).toBe(false);

    // On to the early submit, then the guest's summary: one primary, and it is the account.
    for (let i = 1; i <= QUIZ - 3; i++) {
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: `Practice: ${i + 1} / ${QUIZ}` }).waitFor();
      await page.keyboard.press(String((await questionOnScreen(page, topic!)).correctIndex + 1));
      await page.getByTestId('quiz-feedback').waitFor();
    }
    await page.getByRole('button', { name: 'Submit Quiz' }).tap();
    const results = page.getByTestId('quiz-results');
    await results.getByRole('heading', { name: /^You got / }).waitFor();
    const account = results.getByTestId('quiz-account');
    await account
      .getByRole('heading', { name: 'Keep your points and get your mistakes back for review' })
      .waitFor();
    const signUp = account.getByRole('link', { name: 'Create a free account' });
    expect(await signUp.getAttribute('href')).toBe(
      '/user/login?mode=signup&next=%2Fgrammar%2Fconditionals%2Fpractice',
    );
    expect(await account.getByRole('link', { name: 'Please Login' }).count()).toBe(1);
    expect(await primaries(page).count()).toBe(1);
    expect(await primaries(page).textContent()).toBe('Create a free account');
    await results.getByRole('button', { name: 'Retry the one you missed' }).waitFor();
    // The summary is no player: the tab bar is back.
    expect(await tabBar.isVisible()).toBe(true);

    // Leaving a player brings the tab bar back.
    await page.goto('/grammar/question/1');
    await page.locator('html[data-player]').waitFor({ state: 'attached' });
    expect(await tabBar.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').getByRole('link', { name: 'Leave' }).tap();
    await page.waitForURL((u) => u.pathname === '/grammar');
    await expect.poll(() => page.locator('html[data-player]').count()).toBe(0);
    expect(await tabBar.isVisible()).toBe(true);
    await context.close();
  });

  it('on a desktop the deep dive’s feedback sits under the options with "Next" in view, "Discuss on X" after it, and one counter', async () => {
    const context = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    const q = deepDive[0]!;
    await page.goto('/grammar/question/1');
    await page.getByRole('heading', { name: 'Deep Dive 1' }).waitFor();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    expect(
      await page
        .getByRole('main')
        .getByText(/Question 1 of/)
        .count(),
    ).toBe(1);
    await page.keyboard.press(String(((q.correctIndex + 1) % q.options.length) + 1));
    const sheet = page.getByTestId('player-sheet');
    await sheet.waitFor();
    expect(await sheet.getByTestId('sheet-correct').textContent()).toBe(
      `Correct answer: ${q.options[q.correctIndex]}`,
    );
    await expectReachable(page, page.getByRole('link', { name: 'Next', exact: true }), 'Next');
    const lastOption = (await page
      .getByRole('list', { name: q.question })
      .getByRole('listitem')
      .last()
      .boundingBox())!;
    const box = (await sheet.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(lastOption.y + lastOption.height);
    const discuss = (await page.getByRole('link', { name: 'Discuss on X' }).boundingBox())!;
    expect(discuss.y).toBeGreaterThanOrEqual(box.y + box.height);
    await context.close();
  });

  it('an old link to the quiz on the lesson page opens the practice player', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/grammar/conditionals#quiz');
    await page.waitForURL('**/grammar/conditionals/practice');
    await page.getByRole('heading', { name: `Practice: 1 / ${QUIZ}` }).waitFor();
    await context.close();
  });

  it('in the deep dive the explanation and a full-size "Next" show after an answer, above the bottom bar', async () => {
    const context = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      viewport: phone,
    });
    const page = await context.newPage();
    const q = deepDive[0]!;
    await page.goto('/grammar/question/1');
    await page.getByRole('heading', { name: 'Deep Dive 1' }).waitFor();
    const bar = page.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('1');
    expect(await bar.getAttribute('aria-valuemax')).toBe(String(deepDive.length));
    await page.keyboard.press(String(q.correctIndex + 1));
    await expectReachable(page, page.getByTestId('dd-explanation-text'), 'the explanation');
    const next = page.getByRole('link', { name: 'Next', exact: true });
    await expectReachable(page, next, 'Next');
    expect((await next.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Deep Dive 2' }).waitFor();
    await context.close();
  });
});

describe('the default action finishes the quiz', () => {
  /** Answers question i right (or wrong for i in `wrong`) by key or by tap. */
  async function takeWithDefault(page: Page, how: 'key' | 'tap', wrong: number[] = []) {
    for (let i = 0; i < QUIZ; i++) {
      await page.getByRole('heading', { name: `Practice: ${i + 1} / ${QUIZ}` }).waitFor();
      const q = await questionOnScreen(page, topic!);
      const choice = wrong.includes(i) ? (q.correctIndex + 1) % q.options.length : q.correctIndex;
      if (how === 'key') await page.keyboard.press(String(choice + 1));
      else await page.getByRole('list', { name: q.question }).getByRole('button').nth(choice).tap();
      await page.getByTestId('quiz-feedback').waitFor();
      const ahead = QUIZ - 1 - i;
      // Focus is on the default action; ending early is there, but not the default.
      const focused = page.locator(':focus');
      expect(await focused.textContent()).toBe(ahead > 0 ? 'Next Question' : 'Submit Quiz');
      if (ahead > 0 && ahead <= 2) {
        const early = page.getByRole('button', { name: 'Submit Quiz' });
        expect(await early.count()).toBe(1);
        expect(await early.evaluate((el) => el === document.activeElement)).toBe(false);
      }
      if (how === 'key') await page.keyboard.press('Enter');
      else await focused.tap();
    }
  }

  it('pressing Enter after each answer asks all the questions and scores them all', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/grammar/conditionals#quiz');
    await takeWithDefault(page, 'key', [3]);
    const summary = page.getByTestId('quiz-results');
    await summary
      .getByRole('heading', { name: `You got ${QUIZ - 1} of ${QUIZ}`, exact: false })
      .waitFor();
    expect(await summary.textContent()).not.toContain('left out');
    await context.close();
  });

  it('tapping the default button after each answer asks all the questions (signed in, saved)', async () => {
    const context = await signedInPhone(j.browser, j.server, 'Thumb Learner');
    const page = await context.newPage();
    await page.goto('/grammar/conditionals#quiz');
    await takeWithDefault(page, 'tap');
    const summary = page.getByTestId('quiz-results');
    await summary
      .getByRole('heading', { name: `You got ${QUIZ} of ${QUIZ}`, exact: false })
      .waitFor();
    await summary.getByText(`Saved: ${QUIZ * 10} points added to your total.`).waitFor();
    const { uid } = await (await page.request.get('/api/me')).json();
    const [attempt] = await j.server.query<{ question_ids: string }>(
      'SELECT question_ids FROM quiz_attempt WHERE user_id = ?',
      [uid],
    );
    expect(JSON.parse(attempt!.question_ids)).toHaveLength(QUIZ);
    await context.close();
  });
});

describe('review retries what was missed', () => {
  it('the summary’s "Retry the missed" asks the missed card again as practice, sending no second answer', async () => {
    const context = await signedInContext(j.browser, j.server, 'Retry Reviewer');
    const page = await context.newPage();
    const q = deepDive[1]!;
    const wrong = (q.correctIndex + 1) % q.options.length;
    const made = await page.request.post('/api/grammar/answers', {
      data: { questionId: 'deep-dive-2', choiceIndex: wrong },
      headers: { Origin: j.server.url },
    });
    expect(made.status()).toBe(200);
    let answers = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/review\/.+\/answer/.test(r.url())) answers++;
    });
    await page.goto('/review');
    const card = page.getByTestId('review-card');
    await card.getByText('Card 1 of 1').waitFor();
    const index = async (text: string) =>
      (await card.getByRole('listitem').allTextContents()).findIndex((o) => o.slice(1) === text);
    await page.keyboard.press(String((await index(q.options[wrong]!)) + 1));
    await card
      .getByTestId('review-feedback')
      .getByText(/^Not this time/)
      .waitFor();
    await page.keyboard.press('Enter'); // Finish
    const summary = page.getByTestId('review-summary');
    await summary.getByText(q.explanation).waitFor();
    expect(answers).toBe(1);
    // One summary, one primary: back to Today; the retry is secondary.
    expect(await primaries(page).count()).toBe(1);
    expect(await primaries(page).textContent()).toBe('Back to Today');
    expect(await summary.getByTestId('review-points').count()).toBe(0); // none earned

    await summary.getByRole('button', { name: /^Retry the/ }).click();
    await card.getByText(q.question).waitFor();
    await page.keyboard.press(String((await index(q.options[q.correctIndex]!)) + 1));
    await card
      .getByTestId('review-feedback')
      .getByText(/^Right/)
      .waitFor();
    await page.keyboard.press('Enter');
    await page
      .getByTestId('review-retry-summary')
      .getByRole('heading', { name: 'You got 1 of 1' })
      .waitFor();
    expect(answers).toBe(1);
    await context.close();
  });
});

describe('drawer toggles only where they belong', () => {
  it('the lesson has the topics drawer, the practice player none, the deep dive its question calendar', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const toggle = (name: string) => page.getByRole('button', { name, exact: true });

    await page.goto('/grammar/conditionals');
    await toggle('Topics').waitFor();
    expect(await toggle('Questions').count()).toBe(0);

    await page.goto('/grammar/question/3');
    await toggle('Questions').waitFor();

    await page.goto('/grammar/conditionals#quiz');
    await page.getByRole('heading', { name: `Practice: 1 / ${QUIZ}` }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    expect(await toggle('Questions').count()).toBe(0);
    expect(await toggle('Topics').count()).toBe(0);
    await context.close();
  });
});
