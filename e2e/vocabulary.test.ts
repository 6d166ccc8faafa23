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

    await page.getByRole('button', { name: 'Play' }).click();
    for (let i = 0; i < 5; i++) {
      await page.getByRole('heading', { name: `Match the word: ${i + 1} / 5` }).waitFor();
      await page.locator('#game-definition ~ ul button').first().click();
      await page.getByRole('button', { name: i < 4 ? 'Next' : 'See result' }).click();
    }
    await expect
      .poll(() => page.getByTestId('game-result').textContent())
      .toMatch(/^You matched \d of 5\.$/);
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
