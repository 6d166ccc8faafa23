import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, pickQuizQuestions } from '../core/grammar/quiz-pick';
import { loadCatalog } from '../server/content/catalog';
import { isHydrationError, journey, root } from './support';

const catalog = loadCatalog(join(root, 'content'));
const topic = catalog.grammar.topics.get('nouns');
if (!topic) throw new Error('nouns content missing');
// A fresh device's first run: what the server renders (app/features/grammar/Quiz.tsx).
const firstId = pickQuizQuestions(topic.questions, EMPTY_HISTORY, () => 0)[0];
const first = topic.questions.find((q) => q.id === firstId);
if (!first) throw new Error('no first question');

const j = journey();

/** Every console message, page error and failed response of a page, from its first byte. */
function record(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    // The harness blocks the service worker (serviceWorkers: 'block') and says so.
    if (m.text() === 'Service Worker registration blocked by Playwright') return;
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) seen.push(`${r.status()} ${r.url()}`);
  });
  return seen;
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const el = document.getElementById('root');
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactContainer'));
  });

describe('pre-rendered pages', () => {
  it('a lesson and its quiz are readable without JavaScript: question and options in the HTML', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/grammar/nouns');
    await expect(page.getByRole('heading', { level: 1, name: 'Nouns' }).isVisible()).resolves.toBe(
      true,
    );
    await page.goto('/grammar/nouns/practice');
    await expect(page.locator('#quiz-question').textContent()).resolves.toBe(first.question);
    await context.close();
  });

  for (const dark of [false, true]) {
    it(`a pre-rendered quiz hydrates with no warnings and is answered (${dark ? 'dark' : 'light'} mode)`, async () => {
      const context = await j.browser.newContext({
        baseURL: j.server.url,
        serviceWorkers: 'block',
      });
      if (dark) await context.addInitScript(() => localStorage.setItem('isLocalDark', 'true'));
      const page = await context.newPage();
      const messages = record(page);
      await page.goto('/grammar/nouns/practice');
      // The server's HTML, before any script has run, already shows the question.
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        dark,
      );
      await expect(page.locator('#quiz-question').textContent()).resolves.toBe(first.question);
      await page.locator('#quiz').scrollIntoViewIfNeeded();
      await page.keyboard.press(String(first.correctIndex + 1));
      await page.getByTestId('quiz-feedback').waitFor();
      await expect(page.getByTestId('quiz-feedback').textContent()).resolves.toMatch(/\S/);
      await page.getByRole('button', { name: 'Next Question' }).click();
      await page.getByRole('heading', { name: /^Practice: 2 \/ / }).waitFor();
      // The theme toggle shows the saved mode once hydrated.
      await expect(page.getByTestId('theme-toggle').getAttribute('aria-pressed')).resolves.toBe(
        String(dark),
      );
      expect(messages).toEqual([]);
      await context.close();
    });
  }

  it('a device that has taken the quiz gets its own rotation once hydrated', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const seen = topic.questions.slice(0, 10).map((q) => q.id);
    await context.addInitScript(
      (history) => localStorage.setItem('skillway.quizHistory.nouns', history),
      JSON.stringify({ seen, wrong: [] }),
    );
    const page = await context.newPage();
    const messages = record(page);
    await page.goto('/grammar/nouns/practice');
    await hydrated(page);
    const seenTexts = topic.questions.slice(0, 10).map((q) => q.question);
    await page.waitForFunction(
      (texts) => !texts.includes(document.getElementById('quiz-question')?.textContent ?? ''),
      seenTexts,
    );
    const text = await page.locator('#quiz-question').textContent();
    const onScreen = topic.questions.find((q) => q.question === text);
    expect(onScreen && !seen.includes(onScreen.id)).toBe(true);
    expect(messages).toEqual([]);
    await context.close();
  });

  // The server renders a page without its query (one document per page); the client's first
  // render must draw that same page, and only then open what the query asks for.
  for (const [url, shows] of [
    ['/doodles?word=trend', (page: Page) => page.getByTestId('doodle-word').getByText('trend')],
    ['/vocabulary/data?word=metric', (page: Page) => page.getByRole('dialog', { name: 'metric' })],
  ] as const) {
    it(`a deep link with a query (${url}) hydrates without a hydration error, then opens what it asks for`, async () => {
      const context = await j.browser.newContext({
        baseURL: j.server.url,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const messages = record(page);
      await page.goto(url);
      await hydrated(page);
      await shows(page).waitFor();
      expect(messages.filter(isHydrationError)).toEqual([]);
      await context.close();
    });
  }

  it('client navigation from a pre-rendered page loads the next page', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const messages = record(page);
    await page.goto('/vocabulary/finance');
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Insights' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
    expect(messages).toEqual([]);
    await context.close();
  });

  it('the document is marked ready only once the page itself is hydrated, not just the shell', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    // At the moment the app marks the document ready, is an answer button of the pre-rendered
    // deep-dive question wired to React yet? (React keeps its props on hydrated elements.)
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.ready !== 'true') return;
        observer.disconnect();
        const button = document.querySelector('main ol button');
        (window as unknown as { wiredAtReady: boolean }).wiredAtReady =
          button !== null && Object.keys(button).some((k) => k.startsWith('__reactProps'));
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
    });
    const page = await context.newPage();
    await page.goto('/grammar/question/2');
    expect(
      await page.evaluate(() => (window as unknown as { wiredAtReady?: boolean }).wiredAtReady),
    ).toBe(true);
    await context.close();
  });
});
