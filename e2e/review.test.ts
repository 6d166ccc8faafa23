import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../server/content/catalog';
import { root, signedInContext, journey } from './support';

const catalog = loadCatalog(join(root, 'content'));
const deep2 = catalog.grammar.deepDive[1];
if (!deep2) throw new Error('content is missing');

const j = journey();

const dueCount = async (page: Page) =>
  ((await (await page.request.get('/api/review/count')).json()) as { due: number }).due;

/** Answers the card on screen rightly with its number key; returns which card it was. */
async function answerShownCard(page: Page): Promise<'grammar' | 'word'> {
  const card = page.getByTestId('review-card');
  const prompt = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  const kind = prompt === deep2!.question ? 'grammar' : 'word';
  const right = kind === 'grammar' ? deep2!.options[deep2!.correctIndex]! : 'concession';
  const options = await card.getByRole('listitem').allTextContents();
  const index = options.findIndex((o) => o.slice(1) === right); // each starts with its key hint
  expect(index, `"${right}" among ${JSON.stringify(options)}`).toBeGreaterThanOrEqual(0);
  await page.keyboard.press(String(index + 1));
  await card
    .getByTestId('review-feedback')
    .getByText(/^Right/)
    .waitFor();
  expect(await card.getByTestId('review-next').textContent()).toMatch(
    /^Next review (tomorrow|in \d+ days)\./,
  );
  return kind;
}

describe('spaced review', () => {
  it('a missed question and a completed word come back as cards, are answered and logged', async () => {
    const context = await signedInContext(j.browser, j.server, 'Review Learner');
    const page = await context.newPage();

    // A wrong deep-dive answer and a completed word make two cards.
    await page.goto('/grammar/question/2');
    await page.getByRole('heading', { name: 'Deep Dive 2' }).waitFor();
    const wrong = (deep2.correctIndex + 1) % deep2.options.length;
    await page.getByRole('button', { name: deep2.options[wrong]!, exact: false }).first().click();
    await page.getByText('✗ Your answer').waitFor();
    await expect.poll(() => dueCount(page)).toBe(1);
    await page.goto('/vocabulary/negotiation');
    await page.getByRole('button', { name: 'I already know “concession”', exact: true }).click();
    await expect.poll(() => dueCount(page)).toBe(2);

    // The menu shows the count next to Review.
    await page.goto('/review');
    await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
    await page.getByTestId('review-status').getByText('2 due today').waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Review, 2 due' }).waitFor();
    expect(await menu.getByTestId('review-badge').textContent()).toBe('2');
    await page.keyboard.press('Escape');

    // Both cards, by keyboard: a number chooses, Enter moves on, focus follows the card.
    const first = await answerShownCard(page);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next card');
    await page.getByTestId('review-status').getByText('1 due today').waitFor();
    await page.keyboard.press('Enter');
    await page.getByText('Card 2 of 2').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/^review-prompt-/);
    const second = await answerShownCard(page);
    expect([first, second].sort()).toEqual(['grammar', 'word']);
    await page.getByRole('button', { name: 'Finish' }).click();

    // One summary: the score, the points this session earned (10 a right answer), when the
    // next review is, and one primary next step — no competing "nothing due" box below it.
    const summary = page.getByTestId('review-summary');
    await summary.getByRole('heading', { name: 'You got 2 of 2' }).waitFor();
    expect(await summary.getByTestId('review-points').textContent()).toBe('+20 points');
    expect(await summary.textContent()).toMatch(
      /Your next review is due (tomorrow|in \d+ days|on \d+ \w+)\./,
    );
    expect(await summary.getByRole('link', { name: 'Back to Today' }).getAttribute('href')).toBe(
      '/',
    );
    expect(
      await page.getByRole('main').locator('a.bg-brand-700, button.bg-brand-700').count(),
    ).toBe(1);
    expect(await page.getByRole('heading', { name: 'Nothing to review today' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('link', { name: 'Review', exact: true }).waitFor();

    // Every review is logged, with the card before and after.
    const logs = await j.server.query<{ card_id: string; correct: number; next_due: string }>(
      'select card_id, correct, next_due from review_log order by card_id',
    );
    expect(logs.map((l) => [l.card_id, Number(l.correct)])).toEqual([
      ['grammar:deep-dive-2', 1],
      ['word:concession', 1],
    ]);
    for (const l of logs) expect(Date.parse(l.next_due)).toBeGreaterThan(Date.now());
    expect(await dueCount(page)).toBe(0);
    await context.close();
  });

  it('an answer made offline is kept, shown as waiting, and logged once when back online', async () => {
    const context = await signedInContext(j.browser, j.server, 'Offline Reviewer');
    const page = await context.newPage();
    const { uid } = await (await page.request.get('/api/me')).json();
    // A wrong deep-dive answer makes a card due today.
    const made = await page.request.post('/api/grammar/answers', {
      data: {
        questionId: 'deep-dive-2',
        choiceIndex: (deep2.correctIndex + 1) % deep2.options.length,
      },
      headers: { Origin: j.server.url },
    });
    expect(made.status()).toBe(200);
    await page.goto('/review');
    const card = page.getByTestId('review-card');
    await card.getByText('Card 1 of 1').waitFor();

    await context.setOffline(true);
    await page.keyboard.press('1');
    await card
      .getByTestId('review-offline')
      .getByText('Saved offline — we’ll check it when you’re back online.')
      .waitFor();
    expect(await card.getByTestId('review-feedback').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    const status = page.getByTestId('sync-status');
    await status.getByText('1 review answer waiting to sync — you are offline.').waitFor();
    await page.getByRole('button', { name: 'Finish' }).waitFor();
    const logged = () =>
      j.server.query<{ card_id: string }>('select card_id from review_log where user_id = ?', [
        uid,
      ]);
    expect(await logged()).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^(All synced\.)?$/);
    expect(await logged()).toEqual([{ card_id: 'grammar:deep-dive-2' }]);
    expect(await dueCount(page)).toBe(0);
    await context.close();
  });

  it('guests are told what review does and offered a login', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/review');
    await page.getByRole('heading', { name: 'Remember what you learn' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Log in to start reviewing' }).getAttribute('href'),
    ).toBe('/user/login?next=%2Freview');
    await context.close();
  });
});
