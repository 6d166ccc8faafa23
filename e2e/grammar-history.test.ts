import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deepDiveQuestionId } from '../core/grammar/results';
import { loadCatalog } from '../server/content/catalog';
import { journey, root, signedInContext } from './support';

// Issue 32: the grammar stats a page loads do not grow with a learner's history. A learner
// who has answered every question in the content, and thousands more that have since left
// it, still gets a small response, and the grammar pages show what they showed before.

const catalog = loadCatalog(join(root, 'content'));
const deepDive = catalog.grammar.deepDive;
const contentIds = [
  ...[...catalog.grammar.topics.values()].flatMap((t) => t.questions.map((q) => q.id)),
  ...deepDive.map((q) => deepDiveQuestionId(q.id)),
];
/** Deep-dive question n was first answered right when n is odd. */
const rightFirst = (id: string) => !/^deep-dive-\d*[02468]$/.test(id);

const j = journey();

describe('grammar stats for a learner with a long history', () => {
  it('every content question answered and 4,000 retired ones: the stats stay small and the deep dive shows each first answer', async () => {
    const context = await signedInContext(j.browser, j.server, 'Long History');
    const { uid } = (await (await context.request.get('/api/me')).json()) as { uid: string };
    // A year of first answers, as the app stores them: every content question, and 4,000
    // to questions no longer in the content.
    const ids = [...contentIds, ...Array.from({ length: 4000 }, (_, i) => `retired-q-${i}`)];
    const rows = ids.map((id, i) => {
      const deep = deepDive.find((q) => deepDiveQuestionId(q.id) === id);
      const correctIndex = deep?.correctIndex ?? 0;
      const right = rightFirst(id);
      const choice = right ? correctIndex : (correctIndex + 1) % (deep?.options.length ?? 3);
      const at = new Date(Date.UTC(2025, 10, 1) + i * 6_000_000).toISOString();
      return [uid, id, choice, right ? 1 : 0, at];
    });
    for (let i = 0; i < rows.length; i += 400) {
      const batch = rows.slice(i, i + 400);
      await j.server.query(
        `insert into grammar_answer (user_id, question_id, choice, correct, answered_at) values ${batch.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        batch.flat(),
      );
    }

    const page = await context.newPage();
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/grammar/stats');
    await page.goto('/grammar/question/2');
    const stats = await loaded;
    expect(stats.status()).toBe(200);
    expect((await stats.body()).byteLength).toBeLessThanOrEqual(20_000);

    // Question 2 was missed at first: the earlier answer shows, locked.
    await page.getByRole('heading', { name: 'Deep Dive 2' }).waitFor();
    await page.getByText('✗ Your answer').waitFor();
    expect(await page.getByTestId('dd-placeholder').count()).toBe(0);

    // The calendar: odd questions right, even ones missed, none unanswered.
    await page.getByRole('button', { name: 'Questions' }).click();
    const calendar = page.getByRole('region', { name: 'Questions' });
    await expect
      .poll(() => calendar.getByRole('link', { name: /^Question \d+, correct$/ }).count())
      .toBe(deepDive.length / 2);
    expect(await calendar.getByRole('link', { name: /, incorrect$/ }).count()).toBe(
      deepDive.length / 2,
    );
    expect(await calendar.getByRole('link', { name: /, unanswered$/ }).count()).toBe(0);

    // The last question shows the deep dive's summary: 15 of 30 right.
    await page.goto(`/grammar/question/${deepDive.length}`);
    const summary = page.getByTestId('dd-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(`${deepDive.length / 2}`);
    await context.close();
  });
});
