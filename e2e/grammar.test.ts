import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deepDiveQuestionId } from '../core/grammar/results';
import { optionParts } from '../core/grammar/option-diff';
import { QUIZ_LENGTH } from '../core/grammar/quiz-pick';
import { loadCatalog } from '../server/content/catalog';
import { journey, questionOnScreen, root, signedInContext, takeTopicQuiz } from './support';

const catalog = loadCatalog(join(root, 'content'));
const topic = catalog.grammar.topics.get('conditionals');
if (!topic) throw new Error('conditionals content missing');
const deepDive = catalog.grammar.deepDive;

const j = journey();

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(j.browser, j.server, 'Quiz Taker');
  return { context, page: await context.newPage() };
}

const QUIZ = Math.min(QUIZ_LENGTH, topic.questions.length);

const onScreen = (page: Page) => questionOnScreen(page, topic);
const takeQuiz = (page: Page, correct: (i: number) => boolean, from = 0) =>
  takeTopicQuiz(page, topic, correct, from);

describe('grammar quiz', () => {
  it('the topic page offers "Practice", which opens the quiz below the sticky header', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/grammar/conditionals');
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Practice', exact: true })
      .first()
      .click();
    const header = await page.getByRole('banner').boundingBox();
    const title = await page.getByRole('heading', { name: /^Practice: 1 \// }).boundingBox();
    expect(title!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(title!.y).toBeLessThan(844);
    await context.close();
  });

  it('a guest submits early, sees the results, logs in from "Please Login" and comes back to them saved', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/grammar/conditionals/practice');
    await page.getByRole('heading', { name: /^Practice: 1 \// }).waitFor();
    // First choice locks: the correct option is marked, a wrong chosen one too, in text.
    const q0 = await onScreen(page);
    const wrong = (q0.correctIndex + 1) % q0.options.length;
    await page
      .locator('#quiz')
      .getByRole('button', { name: q0.options[wrong]!, exact: true })
      .click();
    await page.getByText('✗ Your answer').waitFor();
    await page.getByText('✓ Correct answer').waitFor();
    await page.keyboard.press(String(q0.correctIndex + 1)); // ignored: already answered
    expect(await page.getByTestId('quiz-score').textContent()).toBe('Points: 0');
    await page.getByText(q0.explanation).waitFor();
    await page.keyboard.press('Enter');
    // Right answers up to the first (secondary) 'Submit Quiz', which submits there and then.
    for (let i = 1; i <= QUIZ - 3; i++) {
      await page.getByRole('heading', { name: `Practice: ${i + 1} / ${QUIZ}` }).waitFor();
      await page.keyboard.press(String((await onScreen(page)).correctIndex + 1));
      await page.getByTestId('quiz-feedback').waitFor();
      if (i < QUIZ - 3) await page.keyboard.press('Enter');
    }
    await page
      .getByText(`Submitting now scores the ${QUIZ - 2} questions you have answered.`)
      .waitFor();
    await page.getByRole('button', { name: 'Submit Quiz' }).click();
    const results = page.getByTestId('quiz-results');
    await results
      .getByRole('heading', { name: `You got ${QUIZ - 3} of ${QUIZ - 2}`, exact: false })
      .waitFor();
    await results.getByText('2 questions were left out.').waitFor();
    // The mistake, with its explanation.
    await results.getByText(q0.question).waitFor();
    await results.getByText(q0.explanation).waitFor();

    // 'Please Login' goes to the login page and back to the quiz.
    const login = results.getByRole('link', { name: 'Please Login' });
    expect(await login.getAttribute('href')).toBe(
      '/user/login?next=%2Fgrammar%2Fconditionals%2Fpractice',
    );
    await login.click();
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Create account' })
      .click();
    await page.getByLabel('Your name').fill('Quiz Guest');
    await page.getByLabel(/mail address/).fill(`quiz-guest-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('answers kept for later');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Onboarding first (skippable), then back to the quiz.
    await page.waitForURL((u) => u.pathname === '/welcome');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL('**/grammar/conditionals/practice');
    await results.getByText('Saved:', { exact: false }).waitFor();
    await results
      .getByRole('heading', { name: `You got ${QUIZ - 3} of ${QUIZ - 2}`, exact: false })
      .waitFor();
    await expect
      .poll(async () => (await (await page.request.get('/api/grammar/stats')).json()).pts.total)
      .toBe((QUIZ - 3) * 10);
    await context.close();
  });

  it('a signed-in user finishes a run, reads the results and retries the missed ones', async () => {
    const { context, page } = await signedIn();
    await page.goto('/grammar/conditionals/practice');
    // Get all but two right: a score above 50 shows green.
    const asked = await takeQuiz(page, (i) => i >= 2);
    const results = page.getByTestId('quiz-results');
    const expectedScore = Math.round(((QUIZ - 2) / QUIZ) * 100);
    await results
      .getByRole('heading', { name: `You got ${QUIZ - 2} of ${QUIZ} · ${expectedScore}%` })
      .waitFor();
    await results.getByText(`Saved: ${(QUIZ - 2) * 10} points added to your total.`).waitFor();
    const stats = await (await page.request.get('/api/grammar/stats')).json();
    expect(stats.topics.conditionals).toBe(expectedScore);
    expect(stats.pts.total).toBe((QUIZ - 2) * 10);
    const { uid } = await (await page.request.get('/api/me')).json();
    const attempt = await j.server.query<{ question_ids: string }>(
      'SELECT question_ids FROM quiz_attempt WHERE user_id = ?',
      [uid],
    );
    expect(JSON.parse(attempt[0]!.question_ids)).toEqual(asked);

    // Retry the two missed: a run of exactly those.
    await results.getByRole('button', { name: 'Retry the 2 you missed' }).click();
    await page.getByRole('heading', { name: 'Practice: 1 / 2' }).waitFor();
    expect((await onScreen(page)).id).toBe(asked[0]);

    // The lesson's topics drawer shows the new score.
    await page.getByRole('link', { name: 'Read the lesson' }).click();
    await page.getByRole('heading', { name: 'The rules' }).waitFor();
    await page.getByRole('button', { name: 'Topics' }).click();
    const drawer = page.getByRole('region', { name: 'Topics' });
    // Nouns is open by default; open Others, which closes Nouns.
    expect(await drawer.getByRole('button', { name: /Nouns/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await drawer.getByRole('button', { name: /Others/ }).click();
    expect(await drawer.getByRole('button', { name: /Nouns/ }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    const badge = drawer.getByText(`(${expectedScore}%`);
    await badge.waitFor();
    expect(await badge.getAttribute('class')).toContain('text-emerald-700');
    expect(await badge.textContent()).toContain('above 50');

    await page.goto('/grammar');
    await expect
      .poll(() => page.getByTestId('grammar-points').textContent())
      .toContain(String((QUIZ - 2) * 10));
    await context.close();
  });
});

describe('submitting a topic quiz', () => {
  it('a signed-in learner sees "Submitting" on the button, then "Submitted" on the results, and a second submit sends nothing', async () => {
    const { context, page } = await signedIn();
    // The attempt is held until the learner has seen it being sent.
    let sent = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/grammar/attempts',
      async (route) => {
        sent++;
        await held;
        await route.continue();
      },
    );
    await page.goto('/grammar/conditionals/practice');
    // All right, moving on to the last question.
    for (let i = 0; i < QUIZ - 1; i++) {
      await page.getByRole('heading', { name: `Practice: ${i + 1} / ${QUIZ}` }).waitFor();
      await page.keyboard.press(String((await onScreen(page)).correctIndex + 1));
      await page.getByTestId('quiz-feedback').waitFor();
      await page.keyboard.press('Enter');
    }
    await page.getByRole('heading', { name: `Practice: ${QUIZ} / ${QUIZ}` }).waitFor();
    await page.keyboard.press(String((await onScreen(page)).correctIndex + 1));
    // A double click on 'Submit Quiz': the button reads 'Submitting' and takes no second one.
    await page.getByRole('button', { name: 'Submit Quiz' }).dblclick();
    const button = page.getByRole('button', { name: 'Submitting', exact: true });
    await button.waitFor();
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    const said = page.getByTestId('quiz-submit-status');
    expect(await said.getAttribute('role')).toBe('status');
    expect(await said.getAttribute('aria-live')).toBe('polite');
    expect(await said.textContent()).toBe('Submitting');
    await button.click({ force: true }); // Playwright holds back from an aria-disabled one; a person does not
    await page.keyboard.press('Enter');
    expect(sent).toBe(1);

    release();
    const results = page.getByTestId('quiz-results');
    await results
      .getByRole('heading', { name: `You got ${QUIZ} of ${QUIZ}`, exact: false })
      .waitFor();
    expect(await results.getByTestId('quiz-submitted').textContent()).toContain('Submitted');
    await results.getByText(`Saved: ${QUIZ * 10} points added to your total.`).waitFor();
    expect(await said.textContent()).toBe('Submitted');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300); // a stray second request would have been sent by now
    expect(sent).toBe(1);
    const { uid } = await (await page.request.get('/api/me')).json();
    const attempts = await j.server.query('SELECT id FROM quiz_attempt WHERE user_id = ?', [uid]);
    expect(attempts).toHaveLength(1);
    await context.close();
  });
});

describe('answer feedback motion', () => {
  /** The animation the chosen option is given once answered ('none' when it stays still). */
  async function chosenAnimations(page: Page, right: boolean): Promise<string> {
    await page.goto('/grammar/conditionals/practice');
    await page.getByRole('heading', { name: /^Practice: 1 \// }).waitFor();
    const q = await onScreen(page);
    const choice = right ? q.correctIndex : (q.correctIndex + 1) % q.options.length;
    await page.keyboard.press(String(choice + 1));
    await page.getByTestId('quiz-feedback').waitFor();
    return page
      .locator('#quiz button[aria-pressed="true"]')
      .evaluate((el) => getComputedStyle(el).animationName);
  }

  it('the chosen option lifts when right and shakes when wrong, and stays still under reduced motion', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    expect(await chosenAnimations(await context.newPage(), true)).toBe('answer-right');
    expect(await chosenAnimations(await context.newPage(), false)).toBe('answer-wrong');
    await context.close();

    const still = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      reducedMotion: 'reduce',
    });
    expect(await chosenAnimations(await still.newPage(), false)).toBe('none');
    await still.close();
  });
});

describe('deep dive', () => {
  it('answers by number key, says how to see the explanation, keys its calendar and marks what differs', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    // A question whose options share words: the words that differ are marked.
    const near = deepDive.find((q) => optionParts(q.options).some((p) => p.before || p.after));
    if (!near) throw new Error('expected a deep-dive question with near-identical options');
    const parts = optionParts(near.options);
    await page.goto(`/grammar/question/${near.id}`);
    await page.getByRole('heading', { name: `Deep Dive ${near.id}` }).waitFor();
    const placeholder = page.getByTestId('dd-placeholder');
    expect(await placeholder.textContent()).toContain('to see why it is right or wrong');
    const first = page.getByRole('button', { name: near.options[0]!, exact: true });
    expect(await first.locator('strong').textContent()).toBe(parts[0]!.differs);
    await page.keyboard.press(String(near.correctIndex + 1));
    await page.getByTestId('dd-explanation-text').waitFor();
    await page.getByText('✓ Correct answer').waitFor();

    await page.getByRole('button', { name: 'Questions' }).click();
    const calendar = page.getByRole('region', { name: 'Questions' });
    await calendar.getByRole('heading', { name: 'Deep-dive questions' }).waitFor();
    const key = calendar.getByRole('list', { name: 'Key' });
    expect(await key.textContent()).toMatch(/✓ Correct.*✗ Incorrect.*Not answered/);
    await context.close();
  });

  it('answers once, shows the explanation, and the calendar turns green and red', async () => {
    const { context, page } = await signedIn();
    await page.goto('/grammar/question/1');
    await page.getByRole('heading', { name: 'Deep Dive 1' }).waitFor();
    await page.getByTestId('dd-placeholder').waitFor();
    const q1 = deepDive[0]!;
    await page
      .getByRole('button', { name: q1.options[q1.correctIndex]!, exact: false })
      .first()
      .click();
    await page.getByTestId('dd-explanation-text').waitFor();
    await expect
      .poll(async () => (await page.getByTestId('dd-points').textContent()) ?? '')
      .toContain('10');

    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Deep Dive 2' }).waitFor();
    await page.getByTestId('dd-placeholder').waitFor(); // a new question starts unanswered
    const q2 = deepDive[1]!;
    const wrong = (q2.correctIndex + 1) % q2.options.length;
    await page.getByRole('button', { name: q2.options[wrong]!, exact: false }).first().click();
    await page.getByText('✗ Your answer').waitFor();

    await page.getByRole('button', { name: 'Questions' }).click();
    const calendar = page.getByRole('region', { name: 'Questions' });
    await expect
      .poll(() => calendar.getByRole('link', { name: 'Question 1, correct' }).count())
      .toBe(1);
    await expect
      .poll(() => calendar.getByRole('link', { name: 'Question 2, incorrect' }).count())
      .toBe(1);
    expect(await calendar.getByRole('link', { name: 'Question 3, unanswered' }).count()).toBe(1);

    // Coming back shows the earlier answer, locked.
    await page.goto('/grammar/question/2');
    await page.getByText('✗ Your answer').waitFor();
    expect(await page.getByTestId('dd-placeholder').count()).toBe(0);
    // Named as the footer names it, X, and pointing at X.
    const discuss = await page.getByRole('link', { name: 'Discuss on X' }).getAttribute('href');
    expect(discuss).toMatch(/^https:\/\/x\.com\/intent\/post\?/);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: /^X\b/ }).count()).toBe(1);
    expect(await page.getByText(/twitter/i).count()).toBe(0);
    await context.close();
  });

  it('an answer given before the session check returns still goes to the signed-in account', async () => {
    const { context, page } = await signedIn();
    // A slow network: the page is on screen (pre-rendered) seconds before the browser has
    // heard who is signed in.
    let releaseSession = () => {};
    const sessionHeld = new Promise<void>((r) => (releaseSession = r));
    await page.route('**/api/session', async (route) => {
      await sessionHeld;
      await route.continue();
    });
    await page.goto('/grammar/question/7');
    await page.getByTestId('dd-placeholder').waitFor();
    const saved = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/grammar/answers' && r.request().method() === 'POST',
    );
    const q = deepDive[6]!;
    await page.keyboard.press(String(((q.correctIndex + 1) % q.options.length) + 1)); // wrong
    await page.getByTestId('dd-explanation-text').waitFor();
    releaseSession();
    expect((await saved).status()).toBe(200);
    // It is the account's answer, with the review card a missed question earns — not a
    // guest's answer merged from the device later.
    const stats = (await (await context.request.get('/api/grammar/stats')).json()) as {
      questions: Record<string, boolean>;
    };
    expect(stats.questions).toEqual({ [deepDiveQuestionId(7)]: false });
    const due = await context.request.get('/api/review/count?tz=UTC');
    expect(((await due.json()) as { due: number }).due).toBe(1);
    await context.close();
  });

  it('guests see the login link and no points', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/grammar/question/30');
    await page.getByRole('link', { name: 'Login to save your progress' }).waitFor();
    expect(await page.getByRole('link', { name: 'Next' }).count()).toBe(0);
    await context.close();
  });
});
