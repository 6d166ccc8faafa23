import { describe, expect, it } from 'vitest';
import { signedInContext, journey } from './support';

const j = journey();

describe('vocabulary', () => {
  it('plans three words, sees them in the drawer, marks one known, and opens a word by link', async () => {
    const context = await signedInContext(j.browser, j.server, 'Word Learner');
    const page = await context.newPage();

    await page.goto('/vocabulary');
    await page.getByRole('link', { name: /Negotiation/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Negotiation' }).waitFor();
    for (const word of ['leverage', 'BATNA', 'concession']) {
      await page.getByRole('button', { name: `Plan “${word}”`, exact: true }).click();
      await page
        .getByRole('button', { name: `Remove “${word}” from your plan`, exact: true })
        .waitFor();
    }
    await page.getByRole('button', { name: 'Planned words' }).click();
    const drawer = page.getByRole('region', { name: 'Planned words' });
    await expect
      .poll(() => drawer.getByRole('link').allTextContents())
      .toEqual(['leverage', 'BATNA', 'concession']);

    await page.getByRole('button', { name: 'I already know “concession”', exact: true }).click();
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
    await expect
      .poll(async () => (await (await page.request.get('/api/items/word/batna')).json())?.visits)
      .toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('word')).toBeNull();
    await context.close();
  });

  it('guests browse the sets and words and see an empty drawer inviting them to plan', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/vocabulary/finance');
    await page.getByRole('heading', { level: 1, name: 'Finance' }).waitFor();
    // Guests may plan: their plans are kept in the browser until they sign in (guest-sync).
    expect(await page.getByRole('button', { name: /^Plan “/ }).count()).toBeGreaterThan(0);
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

  it('plans the word and marks it known inside the dialog, shown on its card and kept after a reload', async () => {
    const context = await signedInContext(j.browser, j.server, 'Word Planner');
    const page = await context.newPage();
    await page.goto('/vocabulary/negotiation');
    // Card → dialog: planned on the card shows as planned in the dialog.
    await page.getByRole('button', { name: 'Plan “leverage”', exact: true }).click();
    await page
      .getByRole('button', { name: 'Remove “leverage” from your plan', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'leverage', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'leverage' });
    await dialog
      .getByRole('button', { name: 'Remove “leverage” from your plan', exact: true })
      .waitFor();
    await page.keyboard.press('Escape');

    // Dialog → card, and kept after a reload.
    await page.getByRole('button', { name: 'BATNA', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'BATNA' });
    await dialog.getByRole('button', { name: 'Plan “BATNA”', exact: true }).click();
    await dialog
      .getByRole('button', { name: 'Remove “BATNA” from your plan', exact: true })
      .waitFor();
    await page.reload();
    dialog = page.getByRole('dialog', { name: 'BATNA' });
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Remove “BATNA” from your plan', exact: true })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    await dialog.getByRole('button', { name: 'I already know “BATNA”', exact: true }).click();
    await dialog.getByText('✓ Learned').waitFor();
    await page.keyboard.press('Escape');
    const card = page.getByRole('article', { name: 'BATNA' });
    await card.getByText('✓ Learned').waitFor();
    const lists = await (await page.request.get('/api/items/word')).json();
    expect(lists.completed).toEqual(['batna']);
    expect(lists.planned).toEqual(['negotiation-leverage']);
    await context.close();
  });
});
