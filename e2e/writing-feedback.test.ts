import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../server/content/catalog';
import { PRACTICE_CARDS_MAX } from '../core/writing/summary';
import { journey, root, signedInContext, signedInPhone } from './support';

// Writing feedback in the app (decision 053): underlines and a card per finding as the
// learner writes, the fix in one press (and undone), "Learn why", the draft's summary,
// "Practice this" into review, and checking held while offline.

const catalog = loadCatalog(join(root, 'content'));
const nouns = catalog.grammar.topics.get('countable-uncountable-nouns');
if (!nouns) throw new Error('content is missing');
const PROMPT = '/prompts/decline-a-meeting-politely';
const DRAFT = 'We need less people in this meeting. I have many informations about the plan.';

const j = journey();

beforeAll(async () => {
  // The checker loads on its first check (seconds on a busy machine): load it before the clock runs.
  const res = await fetch(`${j.server.url}/api/writing/check`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: j.server.url },
    body: JSON.stringify({ text: 'Warm up.' }),
  });
  expect(res.status).toBe(200);
}, 120_000);

const box = (page: Page) => page.getByRole('textbox', { name: 'Your response' });
const cards = (page: Page) => page.getByTestId('finding-card');
const card = (page: Page, words: string) => cards(page).filter({ hasText: `${words} →` });
/** The flagged words as the backdrop marks them, with their kind. */
const marks = (page: Page) =>
  page
    .getByTestId('writing-marks')
    .first()
    .locator('mark')
    .evaluateAll((ms) => ms.map((m) => `${m.getAttribute('data-severity')}:${m.textContent}`));

/** Types the draft into the prompt's field and waits for both errors' cards. */
async function writeDraft(page: Page) {
  await page.goto(PROMPT);
  await box(page).fill(DRAFT);
  await card(page, 'less').waitFor({ timeout: 30_000 });
  await card(page, 'informations').waitFor();
  await expect.poll(() => marks(page)).toEqual(['error:less', 'error:informations']);
}

/** Serious and critical axe findings on the page as it is now (as e2e/a11y.test.ts counts them). */
async function axeBlocking(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Counts the page's requests to the checker from now on. */
function countChecks(context: BrowserContext) {
  let n = 0;
  context.on('request', (r) => {
    if (r.url().endsWith('/api/writing/check')) n++;
  });
  return () => n;
}

describe('writing feedback', () => {
  it('desktop: underlines, cards, a fix undone with Ctrl+Z, the summary, Practice this, Learn why and offline', async () => {
    const context = await signedInContext(j.browser, j.server, 'Writing Learner');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    const checks = countChecks(context);
    await writeDraft(page);
    expect(await page.getByTestId('writing-status').first().textContent()).toContain('2 errors');
    expect(await axeBlocking(page)).toEqual([]);

    // The card: the reason in one line, the fix, the lesson.
    const less = card(page, 'less');
    expect(await less.textContent()).toContain('Countable and uncountable nouns');
    expect(await less.getByRole('link', { name: 'Learn why' }).getAttribute('href')).toBe(
      `/grammar/${nouns.topic}`,
    );

    // The caret in the underlined words selects the card.
    await box(page).click();
    await box(page).press('Control+Home');
    for (let i = 0; i < 10; i++) await box(page).press('ArrowRight');
    await expect.poll(() => less.getAttribute('class')).toMatch(/ring-2/);

    // The summary: the words against the target, readability, errors by topic.
    const summary = page.getByTestId('draft-summary');
    expect(await summary.getByTestId('summary-length').textContent()).toMatch(
      /^Length14 of about \d+ words/,
    );
    expect(await summary.getByTestId('summary-readability').textContent()).toContain(
      '7 words a sentence2 sentences',
    );
    expect(await summary.getByTestId('summary-topics').textContent()).toBe(
      `${nouns.title} · 2 errors` + 'Practice this',
    );

    // Practice this: the topic's questions go into review.
    await summary.getByRole('button', { name: `Practice this: ${nouns.title}` }).click();
    await summary.getByText(`Added ${PRACTICE_CARDS_MAX} questions to your review.`).waitFor();

    // The fix in one press; the underline goes at once; Ctrl+Z takes it back.
    await less.getByRole('button', { name: 'Use “fewer”' }).click();
    await expect.poll(() => box(page).inputValue()).toBe(DRAFT.replace('less', 'fewer'));
    expect(await marks(page)).toEqual(['error:informations']);
    await page.getByText('Changed “less” to “fewer”.').waitFor();
    await page.keyboard.press('Control+z');
    await expect.poll(() => box(page).inputValue()).toBe(DRAFT);
    await card(page, 'less').waitFor({ timeout: 30_000 });
    // Fixed again, and checked again: the one left is "informations".
    await card(page, 'less').getByRole('button', { name: 'Use “fewer”' }).click();
    await expect.poll(() => box(page).inputValue()).toBe(DRAFT.replace('less', 'fewer'));
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(1);

    // Dismiss takes a card away.
    await card(page, 'informations').getByRole('button', { name: 'Dismiss' }).click();
    expect(await cards(page).count()).toBe(0);
    expect(await marks(page)).toEqual([]);

    // Offline: no request, a quiet note; back online, the text is checked.
    await context.setOffline(true);
    await page.getByText('Checks when you’re back online').waitFor();
    const before = checks();
    await box(page).press('End');
    await box(page).pressSequentially(' We have less tools.');
    await page.waitForTimeout(1500);
    expect(checks()).toBe(before);
    expect(await cards(page).count()).toBe(0);
    await context.setOffline(false);
    await card(page, 'less').waitFor({ timeout: 30_000 });
    expect(checks()).toBe(before + 1);

    // Learn why opens the lesson.
    await card(page, 'less').getByRole('link', { name: 'Learn why' }).click();
    await page.waitForURL((u) => u.pathname === `/grammar/${nouns.topic}`);
    await page.getByRole('heading', { level: 1, name: nouns.title }).waitFor();

    // The review covers the mistake: the topic's questions are the cards due.
    await page.goto('/review');
    const question = await page
      .getByTestId('review-card')
      .getByRole('heading', { level: 2 })
      .textContent();
    expect(nouns.questions.slice(0, PRACTICE_CARDS_MAX).map((q) => q.question)).toContain(question);
    expect(
      ((await (await page.request.get('/api/review/count')).json()) as { due: number }).due,
    ).toBe(PRACTICE_CARDS_MAX);
    await context.close();
  });

  it('phone: cards under the field, a fix undone with the Undo button, and guests told review needs an account', async () => {
    const context = await signedInPhone(j.browser, j.server, 'Phone Writer');
    const page = await context.newPage();
    await writeDraft(page);
    const less = card(page, 'less');
    await less.getByRole('button', { name: 'Use “fewer”' }).tap();
    await expect.poll(() => box(page).inputValue()).toBe(DRAFT.replace('less', 'fewer'));
    expect(await marks(page)).toEqual(['error:informations']);
    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect.poll(() => box(page).inputValue()).toBe(DRAFT);
    await card(page, 'less').waitFor({ timeout: 30_000 });

    // Nothing on the page scrolls sideways at the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await card(page, 'informations').getByRole('link', { name: 'Learn why' }).tap();
    await page.waitForURL((u) => u.pathname === `/grammar/${nouns.topic}`);
    await context.close();

    // A guest sees the same feedback; Practice this says review lives in an account.
    const guest = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const guestPage = await guest.newPage();
    await writeDraft(guestPage);
    await guestPage
      .getByTestId('draft-summary')
      .getByRole('button', { name: `Practice this: ${nouns.title}` })
      .tap();
    await guestPage.getByText('Review lives in your account.').waitFor();
    await guest.close();
  });
});
