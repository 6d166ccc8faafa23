import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TActivity, TPrompt } from '../core/content/practice';
import { rubricLines } from '../core/items/rubric';
import { activityHref, paths } from '../core/paths';
import { journey, signedInContext, signedInPhone } from './support';

const j = journey({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
const PROMPT = 'decline-a-meeting-politely';
const ACTIVITY = 'elevator-pitch';
const PLAN = '30-60-90-day-plan';

const DRAFT = [
  'Hi Sam, thank you for inviting me to the weekly design sync.',
  'I will not join the meeting for the next month because the launch needs my mornings.',
  'I will read the notes each Friday and reply in the thread with any questions by Monday.',
].join('\n\n');

async function prompt(): Promise<TPrompt> {
  return (await (await fetch(`${j.server.url}/api/content/prompts/${PROMPT}`)).json()) as TPrompt;
}

const devices: { name: string; open: () => Promise<BrowserContext> }[] = [
  {
    name: 'phone',
    open: () => signedInPhone(j.browser, j.server, 'Phone Writer'),
  },
  {
    name: 'desktop',
    open: async () => {
      const base = await signedInContext(j.browser, j.server, 'Desk Writer');
      const state = await base.storageState();
      await base.close();
      return j.browser.newContext({
        baseURL: j.server.url,
        serviceWorkers: 'block',
        viewport: { width: 1366, height: 900 },
        storageState: state,
      });
    },
  },
];

const box = (page: Page) => page.getByRole('textbox', { name: 'Your response' });

describe.each(devices)('writing export on a $name', ({ name, open }) => {
  it('opens the rubric and the comparison only after a try, keeps the check, copies and downloads the draft', async () => {
    const p = await prompt();
    const lines = rubricLines(p);
    const context = await open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: j.server.url,
    });
    const page = await context.newPage();
    await page.goto(`/prompts/${PROMPT}`);
    await page.getByRole('heading', { level: 1, name: p.title }).waitFor();

    // Before the try: no rubric, no way to the model answer.
    await box(page).fill('Hi Sam, thank you for the invitation.');
    await page.getByText('the model answer opens at 30 words').waitFor();
    expect(await page.getByTestId('rubric').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Compare with a model answer' }).count()).toBe(0);
    expect(await page.getByText(p.modelAnswer.trim().slice(0, 40)).count()).toBe(0);

    // Past the threshold: the rubric opens; two lines ticked are saved with the draft.
    await box(page).fill(DRAFT);
    const rubric = page.getByTestId('rubric');
    await rubric.getByRole('heading', { name: 'Check your draft' }).waitFor();
    expect(await rubric.getByRole('checkbox').count()).toBe(lines.length);
    await rubric.getByRole('checkbox', { name: lines[0] }).check();
    await rubric.getByRole('checkbox', { name: lines[lines.length - 1] }).check();
    await rubric.getByText(`That’s 2 of ${lines.length}`).waitFor();
    await expect.poll(() => page.getByTestId('rubric-status').textContent()).toMatch(/Saved/);

    await page.reload();
    await expect.poll(() => box(page).inputValue()).toBe(DRAFT);
    await expect
      .poll(() => rubric.getByRole('checkbox', { name: lines[0] }).isChecked())
      .toBe(true);
    expect(await rubric.getByRole('checkbox', { name: lines[lines.length - 1] }).isChecked()).toBe(
      true,
    );
    expect(await rubric.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await rubric.getByText(`That’s 2 of ${lines.length}`).waitFor();

    // The comparison: both texts, side by side on a desktop, one above the other on a phone.
    await page.getByRole('button', { name: 'Compare with a model answer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare with a model answer' });
    const mine = dialog.getByTestId('compare-draft');
    const model = dialog.getByTestId('compare-model');
    expect(await mine.innerText()).toBe(DRAFT);
    expect((await model.textContent())?.trim()).toBe(p.modelAnswer.trim());
    const [a, b] = [(await mine.boundingBox())!, (await model.boundingBox())!];
    if (name === 'desktop') {
      expect(b.x).toBeGreaterThan(a.x + a.width - 1);
      expect(Math.abs(b.y - a.y)).toBeLessThan(2);
    } else {
      expect(b.y).toBeGreaterThan(a.y + a.height - 1);
      expect(a.width).toBeGreaterThan(300);
    }
    await dialog.getByRole('button', { name: 'Back to my draft' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Copy: the clipboard holds the draft, and the page says so.
    await page.getByRole('button', { name: 'Copy my draft' }).click();
    await page
      .getByTestId('draft-export')
      .getByRole('status')
      .filter({ hasText: 'Text copied to clipboard!' })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DRAFT);

    // Download: a Markdown file named after the prompt, with the title, draft and rubric.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (.md)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('decline-a-meeting-politely.md');
    const md = await readFile((await download.path())!, 'utf8');
    expect(md.startsWith(`# ${p.title}\n\n## My draft\n\n${DRAFT}\n`)).toBe(true);
    expect(md).toContain(`## Rubric: 2 of ${lines.length}`);
    expect(md).toContain(`- [x] ${lines[0]}`);
    expect(md).toContain(`- [ ] ${lines[1]}`);

    // "Download my data": a ZIP whose README has the draft under the prompt's title.
    await page.goto(paths.editProfile());
    const [zipped] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(zipped.suggestedFilename()).toMatch(/^skillway-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile((await zipped.path())!)));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['README.md', 'data.json']));
    const readme = strFromU8(zip['README.md']!);
    expect(readme).toContain(`#### ${p.title}`);
    expect(readme).toContain(DRAFT);
    await context.close();
  });

  it('prints a finished activity: its answers, no bars, black on white', async () => {
    const context = await open();
    const page = await context.newPage();
    const activity = (await (
      await page.request.get(`/api/content/activities/${ACTIVITY}`)
    ).json()) as TActivity;
    const pitch =
      'I am a product designer who makes banking apps easier for older customers. ' +
      'Our last redesign cut support calls by a third. I would like advice on moving into research.';
    const headers = { Origin: j.server.url };
    expect(
      (
        await page.request.patch(`/api/items/activity/${ACTIVITY}`, {
          headers,
          data: {
            entries: [
              {
                type: 'answers',
                values: { who: 'A product designer for banking apps.', pitch },
                updatedAt: new Date().toISOString(),
              },
            ],
          },
        })
      ).status(),
    ).toBe(200);
    expect(
      (await page.request.post(`/api/items/activity/${ACTIVITY}/complete`, { headers })).status(),
    ).toBe(200);
    // Dark on screen, still black on white on paper.
    await page.addInitScript(() => localStorage.setItem('isLocalDark', 'true'));
    await page.goto(activityHref(ACTIVITY));
    await page.getByText('Activity complete').waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();

    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('[data-print-root]');
    await printed.getByRole('heading', { name: activity.title }).waitFor();
    expect(await printed.innerText()).toContain(pitch);
    expect(await printed.innerText()).toContain('Not filled in.');
    for (const hidden of [
      page.getByRole('navigation').first(),
      page.getByRole('button', { name: 'Print' }),
      page.getByRole('textbox').first(),
    ])
      expect(await hidden.isVisible()).toBe(false);
    const colors = await printed.evaluate((el) => {
      const h = el.querySelector('h2')!;
      return [getComputedStyle(h).color, getComputedStyle(document.body).backgroundColor];
    });
    expect(colors).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
    await page.screenshot({
      path: `.test-results/writing-export-print-${name}.png`,
      fullPage: true,
    });
    await page.emulateMedia({ media: 'screen' });
    expect(await printed.isVisible()).toBe(false);
    await context.close();
  });

  it('prints a table answer as a table: its column names, only the rows written in', async () => {
    const context = await open();
    const page = await context.newPage();
    const plan = (await (
      await page.request.get(`/api/content/activities/${PLAN}`)
    ).json()) as TActivity;
    const table = plan.widgets.find((w) => w.id === 'plan');
    if (table?.type !== 'table') throw new Error('the plan has no table');
    const row = {
      Phase: 'Days 1–30',
      Goals: 'Learn the product, the roadmap and how the team ships, and write down what I find.',
      'Key actions': 'Meet the team',
      'People to meet': 'My manager and the two leads',
      'How I will measure it': 'Notes from 10 talks',
    };
    const blank = Object.fromEntries(table.columns.map((c) => [c, '']));
    const headers = { Origin: j.server.url };
    expect(
      (
        await page.request.patch(`/api/items/activity/${PLAN}`, {
          headers,
          data: {
            entries: [
              {
                type: 'answers',
                values: { plan: [row, blank, { ...blank, Goals: '  ' }] },
                updatedAt: new Date().toISOString(),
              },
            ],
          },
        })
      ).status(),
    ).toBe(200);
    for (const dark of [false, true]) {
      if (dark) await page.evaluate(() => localStorage.setItem('isLocalDark', 'true'));
      await page.goto(activityHref(PLAN));
      const theme = dark ? 'dark' : 'light';
      // On screen a long cell grows with its text instead of cutting it off.
      const goals = page.getByRole('textbox', { name: 'Goals, row 1' });
      await expect.poll(() => goals.inputValue()).toBe(row.Goals);
      const fits = await goals.evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
      expect(fits).toBe(true);
      await goals.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.test-results/activity-table-${name}-${theme}.png` });
      if (!dark)
        expect(
          (await page.request.post(`/api/items/activity/${PLAN}/complete`, { headers })).status(),
        ).toBe(200);
      await page.reload();
      await page.getByText('Activity complete').waitFor();

      await page.emulateMedia({ media: 'print' });
      const printed = page.locator('[data-print-root]');
      const part = printed.getByRole('listitem').filter({ hasText: table.label });
      const printedTable = part.getByRole('table');
      await printedTable.waitFor();
      expect(await printedTable.getByRole('columnheader').allInnerTexts()).toEqual(table.columns);
      expect(await printedTable.locator('tbody tr').count()).toBe(1);
      expect(await printedTable.locator('tbody tr td').allInnerTexts()).toEqual(
        table.columns.map((c) => row[c as keyof typeof row]),
      );
      expect(await printed.innerText()).not.toMatch(/·\s*·/);
      // Every column is on the page: nothing runs past the paper's edge.
      const overflow = await printedTable.evaluate(
        (el) => el.scrollWidth - (el.parentElement?.clientWidth ?? 0),
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const ink = await printedTable.evaluate((el) => {
        const th = el.querySelector('th')!;
        return [getComputedStyle(th).color, getComputedStyle(document.body).backgroundColor];
      });
      expect(ink).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
      await page.screenshot({
        path: `.test-results/activity-table-print-${name}-${theme}.png`,
        fullPage: true,
      });
      await page.emulateMedia({ media: 'screen' });
    }
    await context.close();
  });
});

describe('a guest’s rubric check', () => {
  it('is kept on this device, like the draft', async () => {
    const p = await prompt();
    const lines = rubricLines(p);
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`/prompts/${PROMPT}`);
    await box(page).fill(DRAFT);
    const rubric = page.getByTestId('rubric');
    await rubric.getByRole('checkbox', { name: lines[1] }).check();
    await expect
      .poll(() => page.getByTestId('rubric-status').textContent())
      .toMatch(/Kept on this device/);
    await page.reload();
    await expect.poll(() => box(page).inputValue()).toBe(DRAFT);
    await expect
      .poll(() => rubric.getByRole('checkbox', { name: lines[1] }).isChecked())
      .toBe(true);
    await context.close();
  });
});
