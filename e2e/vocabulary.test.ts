import { describe, expect, it } from 'vitest';
import { signedInContext, journey } from './support';

const j = journey();

describe('vocabulary', () => {
  it('plans three words, sees them in the drawer, completes one, opens a word by link and plays the game', async () => {
    const context = await signedInContext(j.browser, j.server, 'Word Learner');
    const page = await context.newPage();

    await page.goto('/vocabulary');
    await page.getByRole('link', { name: /Negotiation/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Negotiation' }).waitFor();
    for (const word of ['leverage', 'BATNA', 'concession']) {
      await page.getByRole('button', { name: `Plan ${word}`, exact: true }).click();
      await page.getByRole('button', { name: `Unplan ${word}`, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Planned words' }).click();
    const drawer = page.getByRole('region', { name: 'Planned words' });
    await expect
      .poll(() => drawer.getByRole('link').allTextContents())
      .toEqual(['leverage', 'BATNA', 'concession']);

    await page.getByRole('button', { name: 'Complete concession', exact: true }).click();
    await expect
      .poll(() => drawer.getByRole('link').allTextContents())
      .toEqual(['leverage', 'BATNA']);
    const lists = await (await page.request.get('/api/items/word')).json();
    expect(lists.completed).toEqual(['concession']);

    // Deep link: ?word= opens the detail and records a visit.
    await page.goto('/vocabulary?word=batna');
    await page.waitForURL((u) => u.pathname === '/vocabulary/negotiation');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'BATNA' }).waitFor();
    await dialog.getByTestId('word-visits').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('word')).toBeNull();

    // The game starts from "Play" at the top of the set and opens in the practice player.
    await page.getByRole('link', { name: 'Play', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/vocabulary/negotiation/play');
    await page.getByRole('heading', { level: 1, name: 'Negotiation: word game' }).waitFor();
    const asked: string[] = [];
    let right = 0;
    for (let i = 0; i < 5; i++) {
      await page.getByRole('heading', { name: `Match the word: ${i + 1} / 5` }).waitFor();
      asked.push((await page.locator('#game-definition').textContent()) ?? '');
      const options = page.getByRole('list', { name: asked[i] }).getByRole('button');
      expect(await options.count()).toBe(4);
      await options.first().click();
      const feedback = page.getByTestId('game-feedback');
      await feedback.waitFor();
      if ((await feedback.textContent())?.includes('Right: ')) right++;
      await page.getByRole('button', { name: i < 4 ? 'Next' : 'See result' }).click();
    }
    const summary = page.getByTestId('game-summary');
    await summary.getByRole('heading', { name: `You got ${right} of 5` }).waitFor();
    expect(new Set(asked).size).toBe(5);
    // Each word's result is kept as its game score: 100 right, 0 wrong.
    const { uid } = await (await page.request.get('/api/me')).json();
    await expect
      .poll(async () =>
        (
          await j.server.query<{ game_score: number }>(
            "SELECT game_score FROM user_item WHERE user_id = ? AND kind = 'word' AND game_score IS NOT NULL",
            [uid],
          )
        ).map((r) => Number(r.game_score)),
      )
      .toHaveLength(5);
    const scores = await j.server.query<{ game_score: number }>(
      "SELECT game_score FROM user_item WHERE user_id = ? AND kind = 'word' AND game_score IS NOT NULL",
      [uid],
    );
    expect(scores.filter((r) => Number(r.game_score) === 100)).toHaveLength(right);
    await context.close();
  });

  it('guests browse the sets and words and see an empty drawer inviting them to plan', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/vocabulary/finance');
    await page.getByRole('heading', { level: 1, name: 'Finance' }).waitFor();
    // Guests may plan: their plans are kept in the browser until they sign in (guest-sync).
    expect(await page.getByRole('button', { name: /^Plan / }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Planned words' }).click();
    await page.getByRole('link', { name: 'Plan Your Vocabulary' }).waitFor();
    const res = await page.goto('/vocabulary/no-such-set');
    expect(res?.status()).toBe(404);
    await context.close();
  });
});

describe('the word dialog', () => {
  it('opens at 390 with the word at its top, even from a card far down the page', async () => {
    const context = await signedInContext(j.browser, j.server, 'Word Reader');
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/vocabulary/negotiation');
    const last = page.getByRole('article').last().getByRole('heading').getByRole('button');
    const word = (await last.textContent()) ?? '';
    await last.scrollIntoViewIfNeeded();
    await last.click();
    const dialog = page.getByRole('dialog', { name: word });
    const heading = dialog.getByRole('heading', { level: 2, name: word });
    await heading.waitFor();
    // The word is inside the dialog's visible area and inside the screen.
    const [box, panel] = await Promise.all([heading.boundingBox(), dialog.boundingBox()]);
    expect(box && panel).toBeTruthy();
    expect(box!.y).toBeGreaterThanOrEqual(panel!.y);
    expect(box!.y + box!.height).toBeLessThanOrEqual(Math.min(panel!.y + panel!.height, 844));
    expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
    await context.close();
  });

  it('says the word aloud with the browser’s speech synthesis in US English', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    // Records what reaches the browser's own API (the call still goes through).
    await context.addInitScript(() => {
      const w = window as unknown as { spoken: { text: string; lang: string }[] };
      w.spoken = [];
      const synth = window.speechSynthesis;
      const speak = synth.speak.bind(synth);
      synth.speak = (u: SpeechSynthesisUtterance) => {
        w.spoken.push({ text: u.text, lang: u.lang });
        speak(u);
      };
    });
    const page = await context.newPage();
    await page.goto('/vocabulary/negotiation?word=batna');
    const dialog = page.getByRole('dialog', { name: 'BATNA' });
    await dialog.getByRole('button', { name: 'Listen to “BATNA”' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken))
      .toEqual([{ text: 'BATNA', lang: 'en-US' }]);
    await context.close();
  });

  it('plans and completes the word inside the dialog, shown on its card and kept after a reload', async () => {
    const context = await signedInContext(j.browser, j.server, 'Word Planner');
    const page = await context.newPage();
    await page.goto('/vocabulary/negotiation');
    // Card → dialog: planned on the card shows as planned in the dialog.
    await page.getByRole('button', { name: 'Plan leverage', exact: true }).click();
    await page.getByRole('button', { name: 'Unplan leverage', exact: true }).waitFor();
    await page.getByRole('button', { name: 'leverage', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'leverage' });
    await dialog.getByRole('button', { name: 'Unplan leverage', exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // Dialog → card, and kept after a reload.
    await page.getByRole('button', { name: 'BATNA', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'BATNA' });
    await dialog.getByRole('button', { name: 'Plan BATNA', exact: true }).click();
    await dialog.getByRole('button', { name: 'Unplan BATNA', exact: true }).waitFor();
    await page.reload();
    dialog = page.getByRole('dialog', { name: 'BATNA' });
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Unplan BATNA', exact: true })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    await dialog.getByRole('button', { name: 'Complete BATNA', exact: true }).click();
    await dialog.getByText('✓ Completed').waitFor();
    await page.keyboard.press('Escape');
    const card = page.getByRole('article', { name: 'BATNA' });
    await card.getByText('✓ Completed').waitFor();
    const lists = await (await page.request.get('/api/items/word')).json();
    expect(lists.completed).toEqual(['batna']);
    expect(lists.planned).toEqual(['negotiation-leverage']);
    await context.close();
  });
});
