import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInterviewQuestion } from '../core/content/practice';
import { formatDayMonth } from '../core/dates';
import { selfReviewScore, type Recording } from '../core/items/interviews';
import { launchBrowser, signedInContext, startServer, type RunningServer } from './support';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  // Chromium's fake microphone (a beep) and an automatic "Allow" for the permission prompt.
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function questionOf(page: Page, type: string, id?: string): Promise<TInterviewQuestion> {
  const set = (await (await page.request.get(`/api/content/interviews/${type}`)).json()) as {
    questions: TInterviewQuestion[];
  };
  const q = id ? set.questions.find((x) => x.id === id) : set.questions[0];
  if (!q) throw new Error(`no question ${id ?? ''} in ${type}`);
  return q;
}

/** Presses Record, waits until the timer shows `seconds`, presses Stop. */
async function recordFor(panel: Locator, seconds: number) {
  const record = panel.getByRole('button', { name: 'Record', exact: true });
  const recordLook = await record.evaluate((b) => getComputedStyle(b).backgroundColor);
  await record.click();
  // Stop looks unlike Record: red outline, no fill of Record's color, a square stop sign.
  const stop = panel.getByRole('button', { name: 'Stop recording' });
  await stop.waitFor();
  const look = await stop.evaluate((b) => {
    const css = getComputedStyle(b);
    // Colors may come as oklch(); a canvas pixel gives them as RGB.
    const rgb = (color: string) => {
      const ctx = document.createElement('canvas').getContext('2d');
      if (!ctx) return [0, 0, 0];
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    return {
      background: css.backgroundColor,
      border: rgb(css.borderTopColor),
      width: css.borderTopWidth,
    };
  });
  expect(look.background).not.toBe(recordLook);
  expect(look.width).toBe('2px');
  const [r = 0, g = 255] = look.border;
  expect(r).toBeGreaterThan(180);
  expect(g).toBeLessThan(80);
  expect(await stop.locator('[data-icon="stop"]').count()).toBe(1);
  await expect
    .poll(() => panel.getByRole('timer').textContent(), { timeout: 10_000 })
    .toBe(`00:0${seconds}`);
  await stop.click();
  await panel.getByText(`Recording stopped at 00:0${seconds}.`).waitFor();
}

const readyState = (audio: Locator) => audio.evaluate((a: HTMLAudioElement) => a.readyState);

describe('interviews', () => {
  it('records an answer, plays it back, saves it, finds it after a reload and saves a self-review', async () => {
    const context = await signedInContext(browser, server, 'Interview Learner');
    const page = await context.newPage();
    const question = await questionOf(page, 'behavioral', 'disagreed-with-a-teammate');

    // The spec's ?interview= parameter on the section page opens the question on its type's page.
    await page.goto(`/interviews?interview=${question.id}`);
    await page.waitForURL(
      (u) =>
        u.pathname === '/interviews/behavioral' && u.searchParams.get('interview') === question.id,
    );
    const panel = page.getByRole('region', { name: question.question });
    await panel.getByRole('button', { name: 'Check microphone' }).click();
    await panel.getByText('Microphone ready').waitFor();

    await recordFor(panel, 2);
    const take = panel.getByLabel('Your recording', { exact: true });
    await expect.poll(() => readyState(take)).toBeGreaterThanOrEqual(1);
    await take.evaluate((a: HTMLAudioElement) => a.play());
    await expect
      .poll(() => take.evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(0);

    await panel.getByRole('button', { name: 'Save recording' }).click();
    await panel.getByText('Recording saved.').waitFor();
    const { recordings } = (await (
      await page.request.get(`/api/recordings?interview=${question.id}`)
    ).json()) as { recordings: Recording[] };
    expect(recordings).toHaveLength(1);
    expect(recordings[0]?.durationMs).toBeGreaterThanOrEqual(2000);

    const typed =
      'We disagreed about caching; I proposed a one-week test and we shipped the winner.';
    await panel.getByLabel('Your answer (typed or transcribed)').fill(typed);
    const n = question.lookingFor.length;
    const points = panel
      .getByRole('group', { name: 'Which of these did your answer show?' })
      .getByRole('checkbox');
    expect(await points.count()).toBe(n);
    await points.nth(0).check();
    await points.nth(2).check();
    const score = selfReviewScore(2, n);
    await panel.getByRole('button', { name: 'Save review' }).click();
    await panel.getByText(`Review saved: ${score}%`).waitFor();
    const record = await (await page.request.get(`/api/items/interview/${question.id}`)).json();
    expect(record.gameScore).toBe(score);
    expect(record.entries.at(-1)).toMatchObject({
      type: 'review',
      met: [question.lookingFor[0], question.lookingFor[2]],
      transcript: typed,
      recordingId: recordings[0]?.id,
      score,
    });

    await page.reload();
    const list = page.getByRole('list', { name: 'Your recordings' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await list.getByRole('listitem').textContent()).toContain(formatDayMonth(new Date()));
    const saved = list.getByLabel(/^Recording from /);
    await expect.poll(() => readyState(saved)).toBeGreaterThanOrEqual(1);
    const src = await saved.evaluate((a: HTMLAudioElement) => a.currentSrc);
    const download = await page.request.get(src);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toMatch(/^audio\/webm/);
    await expect.poll(() => panel.getByTestId('last-review').textContent()).toContain(`${score}%`);

    await list.getByRole('button', { name: /^Delete recording from / }).click();
    await panel.getByRole('button', { name: 'Yes, delete' }).click();
    await panel.getByText('No recordings yet for this question.').waitFor();
    const after = await (await page.request.get(`/api/recordings?interview=${question.id}`)).json();
    expect(after.recordings).toEqual([]);
    await context.close();
  });

  it('lists questions by type, filters them, opens one to practice and plans another', async () => {
    const context = await signedInContext(browser, server, 'Question Planner');
    const page = await context.newPage();
    await page.goto('/interviews');
    await expect
      .poll(() => page.getByTestId('count-coding').textContent())
      .toMatch(/^\d+ questions · 0 completed$/);
    await page.getByRole('link', { name: /System-design interviews/ }).click();
    await page.getByRole('heading', { level: 1, name: 'System-design interviews' }).waitFor();
    const question = await questionOf(page, 'system-design');

    await page.getByRole('searchbox', { name: 'Search' }).fill(question.question.slice(0, 30));
    const card = page.getByRole('article', { name: question.question });
    await card.getByRole('button', { name: 'Practice', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('interview') === question.id);
    const heading = page.getByRole('heading', { level: 2, name: question.question });
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);

    // The model outline waits for an attempt (e2e/interview-answers.test.ts walks it).
    await page.getByRole('button', { name: 'I have answered it aloud' }).waitFor();

    await card.getByRole('button', { name: `Plan ${question.question}` }).click();
    await page.getByRole('button', { name: 'Planned questions' }).click();
    const drawer = page.getByRole('region', { name: 'Planned questions' });
    await expect
      .poll(() => drawer.getByRole('link').allTextContents())
      .toEqual([question.question]);
    await card.getByRole('button', { name: `Complete ${question.question}` }).click();
    await card.getByText('✓ Completed', { exact: true }).first().waitFor();

    await page.goto('/interviews');
    await expect
      .poll(() => page.getByTestId('count-system-design').textContent())
      .toMatch(/ · 1 completed$/);

    // A question opened under the wrong type moves to its own; an unknown one is named.
    await page.goto('/interviews/coding?interview=a-time-you-failed');
    await page.waitForURL(
      (u) =>
        u.pathname === '/interviews/behavioral' &&
        u.searchParams.get('interview') === 'a-time-you-failed',
    );
    await page
      .getByRole('heading', {
        level: 2,
        name: 'Tell me about a time you failed to reach a goal you were responsible for',
      })
      .waitFor();
    await page.goto('/interviews?interview=no-such-question');
    await page.getByRole('alert').getByText('“no-such-question”', { exact: false }).waitFor();
    await context.close();
  });

  it('lets a guest check the microphone and record, and asks them to log in to save', async () => {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const question = await questionOf(page, 'coding');
    await page.goto(`/interviews/coding?interview=${question.id}`);
    const panel = page.getByRole('region', { name: question.question });
    await panel.getByRole('button', { name: 'Check microphone' }).click();
    await panel.getByText('Microphone ready').waitFor();
    await recordFor(panel, 1);
    await expect
      .poll(() => readyState(panel.getByLabel('Your recording', { exact: true })))
      .toBeGreaterThanOrEqual(1);
    await panel.getByText('Create a free account to save your recordings.').waitFor();
    expect(await panel.getByRole('button', { name: 'Save recording' }).count()).toBe(0);
    expect(await panel.getByRole('heading', { name: 'Your recordings' }).count()).toBe(0);
    await context.close();
  });

  it('shows the browser’s own error name and message when the microphone is refused', async () => {
    // Without the fake UI flag, headless Chromium answers the prompt with a denial.
    const denying = await launchBrowser([
      '--deny-permission-prompts',
      '--use-fake-device-for-media-stream',
    ]);
    try {
      const context = await denying.newContext({ baseURL: server.url, serviceWorkers: 'block' });
      const page = await context.newPage();
      const question = await questionOf(page, 'behavioral');
      await page.goto(`/interviews/behavioral?interview=${question.id}`);
      const panel = page.getByRole('region', { name: question.question });
      await panel.getByRole('button', { name: 'Check microphone' }).waitFor();
      const expected = await page.evaluate(() =>
        navigator.mediaDevices.getUserMedia({ audio: true }).then(
          () => 'granted',
          (e: DOMException) => `${e.name}: ${e.message}`,
        ),
      );
      expect(expected).toMatch(/^NotAllowedError: ./);
      await panel.getByRole('button', { name: 'Check microphone' }).click();
      const alert = panel.getByRole('alert');
      await alert.waitFor();
      expect(await alert.getByTestId('mic-error').textContent()).toBe(expected);
      expect(await panel.getByRole('button', { name: 'Record', exact: true }).count()).toBe(0);
      await context.close();
    } finally {
      await denying.close();
    }
  });
});
