import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../server/content/catalog';
import { root, signedInContext, journey } from './support';

const catalog = loadCatalog(join(root, 'content'));
const topic = catalog.grammar.topics.get('conditionals');
if (!topic) throw new Error('conditionals content missing');
const deepDive = catalog.grammar.deepDive;

const j = journey();

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(j.browser, j.server, 'Quiz Taker');
  return { context, page: await context.newPage() };
}

/** Answers every question by keyboard: the correct key for `correct`, otherwise a wrong one. */
async function takeQuiz(page: Page, correct: (i: number) => boolean) {
  const button = page.getByRole('button', { name: /^(Next Question|Submit Quiz)$/ });
  for (let i = 0; i < topic!.questions.length; i++) {
    const q = topic!.questions[i]!;
    await expect
      .poll(() =>
        page
          .getByRole('heading', { name: `Practice: ${i + 1} / ${topic!.questions.length}` })
          .count(),
      )
      .toBe(1);
    const choice = correct(i) ? q.correctIndex : (q.correctIndex + 1) % q.options.length;
    await page.keyboard.press(String(choice + 1));
    await page.getByTestId('quiz-feedback').waitFor();
    // Two or fewer questions ahead: the button says Submit Quiz.
    const ahead = topic!.questions.length - 1 - i;
    expect(await button.textContent()).toBe(ahead <= 2 ? 'Submit Quiz' : 'Next Question');
    if (i < topic!.questions.length - 1) await page.keyboard.press('Enter');
  }
  await button.click();
}

describe('grammar quiz', () => {
  it('a guest takes a whole quiz and is asked to log in', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/grammar/conditionals');
    await page.getByRole('heading', { name: 'The rules' }).waitFor();
    // First choice locks: the correct option is marked, a wrong chosen one too, in text.
    const q0 = topic.questions[0]!;
    const wrong = (q0.correctIndex + 1) % q0.options.length;
    await page
      .getByRole('button', {
        name: new RegExp(q0.options[wrong]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      })
      .click();
    await page.getByText('✗ Your answer').waitFor();
    await page.getByText('✓ Correct answer').waitFor();
    await page.keyboard.press(String(q0.correctIndex + 1)); // ignored: already answered
    expect(await page.getByTestId('quiz-score').textContent()).toBe('Score: 0');
    await page.getByText(q0.explanation).waitFor();
    await page.keyboard.press('Enter');
    await takeQuizFrom(page, 1);
    await page.getByRole('button', { name: 'Please Login' }).waitFor();
    const login = page.getByRole('link', { name: 'Log in to save your result' });
    expect(await login.getAttribute('href')).toBe('/user/login?next=%2Fgrammar%2Fconditionals');
    await context.close();
  });

  async function takeQuizFrom(page: Page, start: number) {
    const button = page.getByRole('button', { name: /^(Next Question|Submit Quiz)$/ });
    for (let i = start; i < topic!.questions.length; i++) {
      await page.keyboard.press(String(topic!.questions[i]!.correctIndex + 1));
      await page.getByTestId('quiz-feedback').waitFor();
      if (i < topic!.questions.length - 1) await page.keyboard.press('Enter');
    }
    await button.click();
  }

  it('a signed-in user submits, sees Submitted, the topic score color and the points', async () => {
    const { context, page } = await signedIn();
    await page.goto('/grammar/conditionals');
    await page.getByRole('heading', { name: 'The rules' }).waitFor();
    const n = topic.questions.length;
    // Get all but two right: a score above 50 shows green.
    await takeQuiz(page, (i) => i >= 2);
    await page.getByRole('button', { name: 'Submitted' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submitted' }).isDisabled()).toBe(true);
    const expectedScore = Math.round(((n - 2) / n) * 100);
    const stats = await (await page.request.get('/api/grammar/stats')).json();
    expect(stats.topics.conditionals).toBe(expectedScore);
    expect(stats.pts.total).toBe((n - 2) * 10);

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
    const badge = drawer.getByText(`(${expectedScore}`);
    await badge.waitFor();
    expect(await badge.getAttribute('class')).toContain('text-emerald-700');
    expect(await badge.textContent()).toContain('above 50');

    await page.goto('/grammar');
    await expect
      .poll(() => page.getByTestId('grammar-points').textContent())
      .toContain(String((n - 2) * 10));
    await context.close();
  });
});

describe('deep dive', () => {
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
    expect(
      await page.getByRole('link', { name: 'Discuss on Twitter' }).getAttribute('href'),
    ).toContain('twitter.com/intent/tweet');
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
