import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../server/content/catalog';
import { root, signedInContext, journey } from './support';

const catalog = loadCatalog(join(root, 'content'));
const deep2 = catalog.grammar.deepDive[1];
if (!deep2) throw new Error('content is missing');

const negotiation = catalog.vocabulary.sets.find((s) => s.id === 'negotiation');
const concession = negotiation?.words.find((w) => w.id === 'concession');
const counteroffer = negotiation?.words.find((w) => w.id === 'counteroffer');
if (!concession || !counteroffer) throw new Error('negotiation words are missing');

const j = journey();

/**
 * Word cards reviewed once (reps 1) and due again, in this order: they ask for the word
 * typed. Written straight into the card, as days passing would leave it.
 */
async function typedAgain(userId: string, cardIds: string[]) {
  const now = Date.now();
  for (const [i, cardId] of cardIds.entries())
    await j.server.query(
      `update review_card set reps = 1, state = 2, stability = 3, difficulty = 5,
         scheduled_days = 3, last_review = ?, due = ? where user_id = ? and card_id = ?`,
      [
        new Date(now - 4 * 86_400_000).toISOString(),
        new Date(now - (cardIds.length - i) * 3_600_000).toISOString(),
        userId,
        cardId,
      ],
    );
}

/** Serious and critical axe findings on the page as it is now (as e2e/a11y.test.ts counts them). */
async function axeBlocking(page: Page): Promise<string[]> {
  // Colors are measured once entrance animations (opacity, lifts) have settled.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Saves a drawing of a word as the doodle page does (a PNG from a canvas); its status. */
const saveDoodle = (page: Page, wordId: string) =>
  page.evaluate(async (id) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 120, 120);
    ctx.lineWidth = 6;
    ctx.beginPath();
    ctx.arc(60, 60, 40, 0, Math.PI * 1.5);
    ctx.stroke();
    const png = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
    const res = await fetch(`/api/doodles/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png' },
      body: png,
    });
    return res.status;
  }, wordId);

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
    const doodleRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/doodles') doodleRequests.push(r.url());
    });
    await page.goto('/review');
    const card = page.getByTestId('review-card');
    await card.getByText('Card 1 of 1').waitFor();
    // A grammar-only queue asks for no doodles.
    expect(doodleRequests).toEqual([]);

    await context.setOffline(true);
    await page.keyboard.press('1');
    await card
      .getByTestId('review-offline')
      .getByText('Saved offline — we’ll check it when you’re back online.')
      .waitFor();
    expect(await card.getByTestId('review-feedback').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    const status = page.getByTestId('sync-status');
    await status.getByText('You’re offline.').waitFor();
    await status.getByText('1 review answer waiting to sync.').waitFor();
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

  it('a typed answer made offline is kept and graded once back online', async () => {
    const context = await signedInContext(j.browser, j.server, 'Offline Typist');
    const page = await context.newPage();
    const { uid } = await (await page.request.get('/api/me')).json();
    await page.request.post(`/api/items/word/${concession.id}/complete`, {
      headers: { Origin: j.server.url },
    });
    await typedAgain(uid, [`word:${concession.id}`]);
    await page.goto('/review');
    const card = page.getByTestId('review-card');
    await card.getByLabel('Your answer').waitFor();

    await context.setOffline(true);
    await card.getByLabel('Your answer').fill(concession.word);
    await page.keyboard.press('Enter');
    await card
      .getByTestId('review-offline')
      .getByText('Saved offline — we’ll check it when you’re back online.')
      .waitFor();
    const status = page.getByTestId('sync-status');
    await status.getByText('You’re offline.').waitFor();
    await status.getByText('1 review answer waiting to sync.').waitFor();

    await context.setOffline(false);
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/^(All synced\.)?$/);
    const logs = await j.server.query<{ typed: string; correct: number }>(
      'select typed, correct from review_log where user_id = ?',
      [uid],
    );
    expect(logs.map((l) => [l.typed, Number(l.correct)])).toEqual([[concession.word, 1]]);
    await context.close();
  });

  for (const [device, viewport] of [
    ['a phone', { width: 390, height: 844 }],
    ['a desktop', { width: 1366, height: 900 }],
  ] as const)
    it(`typed recall on ${device}, by keyboard (axe-clean): a word typed right, one misspelled and corrected, the doodle as a cue`, async () => {
      const context = await signedInContext(j.browser, j.server, 'Typed Reviewer');
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const { uid } = await (await page.request.get('/api/me')).json();
      const headers = { Origin: j.server.url };
      await page.goto('/');
      // Two completed words, each reviewed once and due again: their cards ask for the word.
      for (const id of [concession.id, counteroffer.id])
        await page.request.post(`/api/items/word/${id}/complete`, { headers });
      await typedAgain(uid, [`word:${concession.id}`, `word:${counteroffer.id}`]);
      // A drawing of the first word, saved as the doodle page saves one.
      expect(await saveDoodle(page, concession.id)).toBe(201);
      // The phone in light mode, the desktop in dark.
      const dark = viewport.width > 640;
      await page.evaluate((d) => localStorage.setItem('isLocalDark', String(d)), dark);

      await page.goto('/review');
      const card = page.getByTestId('review-card');
      await card.getByText('Card 1 of 2').waitFor();
      await card
        .getByRole('heading', { level: 2, name: 'Type the word for this meaning' })
        .waitFor();
      expect(await card.locator('blockquote').textContent()).toBe(concession.definition);
      const input = card.getByLabel('Your answer');
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      const attributes = ['autocapitalize', 'autocomplete', 'spellcheck'].map((a) =>
        input.getAttribute(a),
      );
      expect(await Promise.all(attributes)).toEqual(['off', 'off', 'false']);
      expect(await card.getByRole('listitem').count()).toBe(0); // no options to choose from
      // The doodle is a cue that does not name the word before the answer.
      const doodle = card.getByTestId('review-doodle').getByRole('img');
      expect(await doodle.getAttribute('alt')).toBe('Your drawing for this word');
      expect(await card.textContent()).not.toContain(concession.word);
      expect(await axeBlocking(page)).toEqual([]);

      // Case and surrounding spaces are forgiven.
      await page.keyboard.type(` ${concession.word.toUpperCase()} `);
      await page.keyboard.press('Enter');
      await card
        .getByTestId('review-feedback')
        .getByText(/^Right/)
        .waitFor();
      expect(await doodle.getAttribute('alt')).toBe(`Your drawing of ${concession.word}`);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next card');
      await page.keyboard.press('Enter');

      await card.getByText('Card 2 of 2').waitFor();
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await card.getByTestId('review-doodle').count()).toBe(0); // none drawn for it
      const misspelled = counteroffer.word.slice(0, -1);
      await page.keyboard.type(misspelled);
      await page.keyboard.press('Enter');
      await card
        .getByTestId('review-feedback')
        .getByText(/^Not this time/)
        .waitFor();
      expect(await card.getByTestId('review-typed-correction').textContent()).toBe(
        `The word is ‘${counteroffer.word}’ — you typed ‘${misspelled}’.`,
      );
      expect(await card.getByTestId('player-sheet').textContent()).toContain(
        counteroffer.definition,
      );
      // What was typed stays in view, under the top bar and above the sheet (on a phone,
      // fixed at the bottom; there the field ends where an on-screen keyboard would start).
      const field = (await input.boundingBox())!;
      const sheet = (await card.getByTestId('player-sheet').boundingBox())!;
      const topBar = (await page.locator('header').first().boundingBox())!;
      expect(field.y).toBeGreaterThanOrEqual(topBar.y + topBar.height);
      expect(field.y + field.height).toBeLessThanOrEqual(sheet.y);
      if (viewport.width < 640) expect(field.y + field.height).toBeLessThan(viewport.height * 0.55);
      expect(await input.inputValue()).toBe(misspelled);
      expect(await axeBlocking(page)).toEqual([]);
      await page.keyboard.press('Enter');

      const summary = page.getByTestId('review-summary');
      await summary.getByRole('heading', { name: 'You got 1 of 2' }).waitFor();
      expect(await summary.textContent()).toContain(misspelled);

      // Logged as typed; the missed word is learning again, the other still learned.
      const logs = await j.server.query<{ card_id: string; typed: string; correct: number }>(
        'select card_id, typed, correct from review_log where user_id = ? order by card_id',
        [uid],
      );
      expect(logs.map((l) => [l.card_id, l.typed, Number(l.correct)])).toEqual([
        [`word:${concession.id}`, ` ${concession.word.toUpperCase()} `, 1],
        [`word:${counteroffer.id}`, misspelled, 0],
      ]);
      const lists = await (await page.request.get('/api/items/word')).json();
      expect(lists.learning).toEqual([counteroffer.id]);
      expect(lists.completed).toEqual([concession.id]);
      await context.close();
    });

  it('guests are told what review does and offered an account', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/review');
    await page.getByRole('heading', { name: 'Remember what you learn' }).waitFor();
    expect(
      await page
        .getByRole('link', { name: 'Create a free account to start reviewing' })
        .getAttribute('href'),
    ).toBe('/user/login?mode=signup&next=%2Freview');
    await context.close();
  });
});
