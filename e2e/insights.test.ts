import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInsight } from '../core/content/practice';
import { launchBrowser, signedInContext, startServer, type RunningServer } from './support';

let server: RunningServer;
let browser: Browser;
let insight: TInsight;
let total: number;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  insight = (await (
    await fetch(`${server.url}/api/content/insights/pre-mortem`)
  ).json()) as TInsight;
  total = (
    (await (await fetch(`${server.url}/api/content/insights`)).json()) as {
      insights: unknown[];
    }
  ).insights.length;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('insights', () => {
  it('opens an insight by ?insight= link, applies it to a decision that survives a reload, and marks it complete', async () => {
    const context = await signedInContext(browser, server, 'Decision Maker');
    const page = await context.newPage();

    await page.goto(`/insights?insight=${insight.id}`);
    await page.waitForURL((u) => u.pathname === `/insights/${insight.id}`);
    await page.getByRole('heading', { level: 1, name: insight.title }).waitFor();
    await page.getByRole('button', { name: `Plan ${insight.title}`, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Save / }).count()).toBe(0);

    const decision = 'Move the product launch to March';
    const steps = insight.steps.map((_, i) => `My note for step ${i + 1}`);
    const reflection = 'We would have missed the supplier delay.';
    await page.getByRole('textbox', { name: 'Your decision' }).fill(decision);
    for (const [i, step] of insight.steps.entries())
      await page.getByRole('textbox', { name: `Step ${i + 1}: ${step}` }).fill(steps[i] ?? '');
    await page.getByRole('textbox', { name: insight.reflection }).fill(reflection);
    // The fields' first writing check loads the checker on this fresh server (decision 050),
    // which can hold the save for some seconds on a busy machine.
    await expect
      .poll(() => page.getByTestId('autosave-status').textContent(), { timeout: 20_000 })
      .toMatch(/Saved/);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: insight.title }).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Your decision' }).inputValue())
      .toBe(decision);
    for (const [i, step] of insight.steps.entries())
      expect(await page.getByRole('textbox', { name: `Step ${i + 1}: ${step}` }).inputValue()).toBe(
        steps[i],
      );
    expect(await page.getByRole('textbox', { name: insight.reflection }).inputValue()).toBe(
      reflection,
    );

    const complete = page.getByRole('button', { name: `Complete ${insight.title}`, exact: true });
    await complete.click();
    await expect.poll(() => complete.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await page.request.get('/api/items/insight')).json())
      .toMatchObject({ completed: [insight.id], saved: [] });

    // The list's "Completed" filter now shows just this insight.
    await page.goto('/insights');
    await page.getByRole('combobox', { name: 'Show' }).selectOption('completed');
    await expect
      .poll(() => page.getByRole('article').getByRole('heading').allTextContents())
      .toEqual([insight.title]);
    expect(
      await page.getByRole('combobox', { name: 'Show' }).locator('option').allTextContents(),
    ).not.toContain('Saved');
    await context.close();
  });

  it('search narrows the list, an unmatched search offers to clear the filters, and guests get no list filter', async () => {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/insights');
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(total);
    expect(await page.getByRole('combobox', { name: 'Show' }).count()).toBe(0);

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('sunk cost');
    await expect.poll(() => cards.getByRole('heading').allTextContents()).toEqual(['Sunk cost']);
    await page.getByText(`1 of ${total} insights`).waitFor();

    await search.fill('zebra crossing');
    await page.getByRole('heading', { name: 'No insights match “zebra crossing”' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cards.count()).toBe(total);
    expect(await search.inputValue()).toBe('');
    await context.close();
  });
  it('cards show whole sentences: no card text is clipped, on a phone or a laptop', async () => {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    for (const path of ['/insights', '/prompts', '/activity/activities']) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1366, height: 900 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await page.locator('article').first().waitFor();
        // Text whose box is shorter than its content is cut (a line clamp, a squeezed box).
        const clipped = await page.locator('article').evaluateAll((cards) =>
          cards.flatMap((card) =>
            [card, ...card.querySelectorAll('*')]
              .filter((el) => el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0)
              .filter((el) => getComputedStyle(el).overflowY !== 'visible')
              .map(
                (el) => `${card.getAttribute('aria-labelledby')}: ${el.textContent?.slice(0, 60)}`,
              ),
          ),
        );
        expect(clipped, `${path} at ${viewport.width}px`).toEqual([]);
      }
    }
    await context.close();
  });
});
