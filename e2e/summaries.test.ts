import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEEP_DIVE_COUNT } from '../core/constants';
import { loadCatalog } from '../server/content/catalog';
import { answerDeepDiveKept, journey, root, signedInContext } from './support';

// Issue 16 item 15: every session ends with a summary — score, what was missed with its
// explanation, a retry and the next step — not a flat line.

const catalog = loadCatalog(join(root, 'content'));
const deep = (n: number) => catalog.grammar.deepDive.find((d) => d.id === n)!;
const negotiation = catalog.vocabulary.sets.find((s) => s.id === 'negotiation')!;

const j = journey();

describe('session summaries', () => {
  it('a word study round ends with the score, what it changed on the words, each missed word with its meaning, and one next step', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/vocabulary/negotiation/study/test');
    // Miss the first two questions, answer the rest.
    for (let i = 0; i < 10; i++) {
      await page.getByRole('heading', { name: `Test: ${i + 1} / 10` }).waitFor();
      const prompt = (await page.locator('#study-prompt').textContent())?.trim() ?? '';
      const word = negotiation.words.find((w) => w.definition === prompt || w.word === prompt)!;
      if ((await page.getByRole('textbox').count()) > 0) {
        await page.getByRole('textbox').fill(i < 2 ? 'no idea' : word.word);
        await page.getByRole('button', { name: 'Check' }).click();
      } else {
        const options = page.getByRole('list', { name: prompt }).getByRole('button');
        const texts = (await options.allTextContents()).map((t) => t.replace(/^\d/, ''));
        const answer = prompt === word.word ? word.definition : word.word;
        await options
          .nth(i < 2 ? texts.findIndex((t) => t !== answer) : texts.indexOf(answer))
          .click();
      }
      await page.getByRole('button', { name: i < 9 || i < 2 ? 'Continue' : 'See result' }).click();
    }
    const summary = page.getByTestId('study-summary');
    await summary.getByRole('heading', { name: 'You got 8 of 10 · 80%' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'You got 8 of 10 · 80%',
    );
    expect(await summary.getByTestId('study-changes').textContent()).toMatch(
      /✓ Learned \(8\):.+Still learning \(2\):/,
    );
    expect(await summary.getByRole('heading', { name: 'Your 2 missed words' }).count()).toBe(1);
    const missed = summary.getByRole('listitem');
    expect(await missed.count()).toBe(2);
    expect((await missed.first().textContent()) ?? '').toMatch(/✓ Correct:.+In use: .+Open “/);
    const next = summary.getByRole('link', { name: /^Next word set: / });
    expect(await next.getAttribute('href')).toMatch(/^\/vocabulary\/(?!negotiation$)[a-z-]+$/);
    await summary.getByRole('button', { name: 'Take another test' }).waitFor();
    await context.close();
  });

  it('review: a finished batch says how many were right and what was missed; nothing due offers a next step and when the next review is', async () => {
    const context = await signedInContext(j.browser, j.server, 'Summary Reviewer');
    const page = await context.newPage();

    // A fresh learner: nothing due, and a way to start.
    await page.goto('/review');
    const empty = page.locator('section', {
      has: page.getByRole('heading', { name: 'Nothing to review today' }),
    });
    await empty.waitFor();
    expect(
      await empty.getByRole('link', { name: 'Take a grammar quiz' }).getAttribute('href'),
    ).toBe('/grammar');
    expect(await empty.getByRole('link', { name: 'Learn a word set' }).getAttribute('href')).toBe(
      '/vocabulary',
    );
    expect(await empty.textContent()).not.toContain('next review is due');

    // Two wrong deep-dive answers make two cards due today.
    for (const n of [3, 4]) {
      const q = deep(n);
      const res = await page.request.post('/api/grammar/answers', {
        data: {
          questionId: `deep-dive-${n}`,
          choiceIndex: (q.correctIndex + 1) % q.options.length,
        },
        headers: { Origin: j.server.url },
      });
      expect(res.status()).toBe(200);
    }
    await page.goto('/review');
    const card = page.getByTestId('review-card');
    for (let i = 0; i < 2; i++) {
      await card.getByText(`Card ${i + 1} of 2`).waitFor();
      const prompt = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
      const q = [deep(3), deep(4)].find((d) => d.question === prompt)!;
      const options = await card.getByRole('listitem').allTextContents();
      const right = options.findIndex((o) => o.slice(1) === q.options[q.correctIndex]);
      // The first card right, the second wrong.
      await page.keyboard.press(String(i === 0 ? right + 1 : ((right + 1) % options.length) + 1));
      await card.getByTestId('review-feedback').waitFor();
      await page.getByRole('button', { name: i === 0 ? 'Next card' : 'Finish' }).click();
    }
    const summary = page.getByTestId('review-summary');
    await summary.getByRole('heading', { name: 'You got 1 of 2' }).waitFor();
    expect(await summary.textContent()).toMatch(
      /The card you missed comes back (tomorrow|in \d+ days)/,
    );
    const missed = summary.getByRole('listitem');
    expect(await missed.count()).toBe(1);
    expect(await missed.getByText('✓ Correct:').count()).toBe(1);
    await missed.getByRole('link', { name: /^Study it again in / }).waitFor();
    // Then what is next: when the next review is due and one step on, in the summary itself.
    expect(await summary.getByRole('link', { name: 'Back to Today' }).count()).toBe(1);
    expect(await summary.textContent()).toMatch(
      /Your next review is due (tomorrow|in \d+ days|on \d+ \w+)\./,
    );
    await context.close();
  });

  it('the deep dive ends with the score, the missed questions with links, and a retry of them', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const last = DEEP_DIVE_COUNT;
    await answerDeepDiveKept(page, deep(last - 2), { right: false });
    await answerDeepDiveKept(page, deep(last - 1), { right: true });
    expect(await page.getByTestId('dd-summary').count()).toBe(0);
    await answerDeepDiveKept(page, deep(last), { right: false });

    const summary = page.getByTestId('dd-summary');
    await summary.getByRole('heading', { name: /^You got 1 of 3/ }).waitFor();
    expect(await summary.textContent()).toContain(
      `${last - 3} of the ${last} questions are still unanswered.`,
    );
    await summary.getByRole('heading', { name: 'Your 2 mistakes' }).waitFor();
    expect(await summary.getByText(deep(last - 2).explanation).count()).toBe(1);
    expect(
      await summary.getByRole('link', { name: `Go to question ${last - 2}` }).getAttribute('href'),
    ).toBe(`/grammar/question/${last - 2}`);
    expect(
      await summary.getByRole('link', { name: 'Answer question 1' }).getAttribute('href'),
    ).toBe('/grammar/question/1');

    // Retry the two missed ones, right this time.
    await summary.getByRole('button', { name: 'Retry the 2 you missed' }).click();
    for (const n of [last - 2, last]) {
      const retry = page.getByTestId('dd-retry');
      await retry.getByText(`question ${n}`, { exact: false }).first().waitFor();
      const q = deep(n);
      await retry
        .getByRole('button', { name: q.options[q.correctIndex]!, exact: false })
        .first()
        .click();
      await retry.getByText(q.explanation).waitFor();
      await retry
        .getByRole('button', { name: n === last ? 'See how you did' : 'Next question' })
        .click();
    }
    const done = page.getByTestId('dd-retry-summary');
    await done.getByRole('heading', { name: /^You got 2 of 2/ }).waitFor();
    await done.getByRole('button', { name: 'Back to your results' }).click();
    // Practice only: the first answers still count.
    await summary.getByRole('heading', { name: /^You got 1 of 3/ }).waitFor();
    await context.close();
  });
});
