import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../server/content/catalog';
import { journey, root, signedInContext } from './support';

/**
 * The words on the screens people reported: each in place, as a colleague would say it.
 * (Run on a server that opens premium to everyone, the plan line's hardest case.)
 */
const catalog = loadCatalog(join(root, 'content'));
const prompt = catalog.prompts.find((p) => !catalog.premiumIds.prompt.has(p.id))!;
const deepDive = catalog.grammar.deepDive[0]!;
const failure = catalog.grammar.feedback!.failure;

const j = journey({ env: { TRUSTED_PROXIES: '127.0.0.1', PREMIUM_WITHOUT_PAYMENTS: 'open' } });
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

async function send(ctx: BrowserContext, method: string, path: string, data: unknown = {}) {
  const res = await ctx.request.fetch(path, { method, data, headers: { Origin: j.server.url } });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
}

describe('copy a colleague would write', () => {
  it('a guest’s prompt to sign up says what is kept and opens Create account', async () => {
    const guest = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await guest.newPage();
    // A list says nothing on each card: the way to an account is on the item's page.
    await page.goto('/prompts');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    expect(await page.getByText(/to plan, complete and save this/).count()).toBe(0);
    await page.goto(`/prompts/${prompt.id}`);
    await page.getByText('Create a free account to plan, complete and save this.').waitFor();
    await page.getByRole('textbox', { name: 'Your response' }).fill('A first draft');
    await page
      .getByTestId('autosave-status')
      .getByText(/Kept on this device at/)
      .waitFor();
    const line = page.getByText('Create a free account to keep your response on every device.');
    await line.waitFor();
    expect(await page.getByText(/Please Login|Log in to keep/).count()).toBe(0);
    await line.getByRole('link', { name: 'Create a free account' }).click();
    await page.waitForURL((u) => u.pathname === '/user/login');
    const tabs = page.getByRole('navigation', { name: 'Account' });
    expect(
      await tabs.getByRole('link', { name: 'Create account' }).getAttribute('aria-current'),
    ).toBe('page');
    // …and back to the draft afterwards.
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/prompts/${prompt.id}`);
    await guest.close();
  });

  it('a question that cannot be answered again never says "try again"', async () => {
    const guest = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await guest.newPage();
    await page.goto('/grammar/question/1');
    const wrong = (deepDive.correctIndex + 1) % deepDive.options.length;
    const option = page.getByRole('main').getByRole('button', { name: deepDive.options[wrong] });
    await option.waitFor();
    await page.waitForLoadState('networkidle');
    // The phrase is drawn at random: draw the fourth, which used to say "Check the rule and
    // try again."
    const was = 3;
    await page.evaluate((r) => (Math.random = () => r), (was + 0.5) / failure.length);
    await option.click();
    const sheet = page.getByTestId('player-sheet');
    await sheet.waitFor();
    await sheet.getByText(failure[was]!).waitFor();
    expect(await page.getByText(/try again/i).count()).toBe(0);
    await guest.close();
  });

  it('the interview practice’s Close button is named in one phrase', async () => {
    const guest = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await guest.newPage();
    await page.goto('/interviews/behavioral?interview=disagreed-with-a-teammate');
    const close = page.getByRole('button', { name: 'Close practice', exact: true });
    await close.waitFor();
    expect(await close.evaluate((b) => b.getAttribute('aria-label'))).toBe('Close practice');
    expect(await close.evaluate((b) => (b as HTMLElement).innerText)).toBe('Close');
    await guest.close();
  });

  it('the plan, the lists table and the team report read as a colleague would say them', async () => {
    const ctx = await signedInContext(j.browser, j.server, 'Cora Copy', undefined, {
      verified: true,
    });
    const page = await ctx.newPage();

    // The plan on a server that opens everything: no "Free" next to "everything is open".
    await send(ctx, 'POST', `/api/items/prompt/${prompt.id}/plan`);
    await page.goto('/activity');
    const plan = page.getByRole('region', { name: 'Your plan: Free, everything included' });
    await plan
      .getByText('Every prompt, insight, activity and interview question is yours to practice.')
      .waitFor();
    expect(await page.getByText('on this server').count()).toBe(0);

    // The lists table: no cell reads "not available", to the eye or a screen reader.
    const table = page.getByRole('table', { name: /Planned, completed and saved/ });
    await table.waitFor();
    const cells = await table.getByRole('cell').allTextContents();
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) expect(c).not.toMatch(/not available/i);
    await table
      .getByRole('row', { name: /Vocabulary/ })
      .getByText('No saved list for vocabulary')
      .waitFor();

    // The team report's line on what admins see.
    const id = unique();
    await send(ctx, 'POST', '/api/teams', { name: `Copy ${id}`, slug: `copy-${id}` });
    // The report shows once someone else is in the team: a member joins by its link.
    const link = await ctx.request.put(`/api/teams/copy-${id}/join-link`, {
      data: { emailDomain: null },
      headers: { Origin: j.server.url },
    });
    const { token } = (await link.json()) as { token: string };
    const member = await signedInContext(j.browser, j.server, 'Milo Member', undefined, {
      verified: true,
    });
    await send(member, 'POST', `/api/teams/join/${token}`);
    await member.close();
    await page.goto(`/teams/copy-${id}`);
    const progress = page.getByRole('region', { name: 'Progress' });
    await progress
      .getByText(
        'Members were told when they joined that admins see these figures; their writing, recordings and doodles stay private.',
        { exact: false },
      )
      .waitFor();
    expect(await progress.getByText('that you see').count()).toBe(0);
    await ctx.close();
  });
});
