import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../server/content/catalog';
import { answerDeepDiveKept, journey, root } from './support';

// Issue 16 item 15: a guest's drafts are kept like their quiz points and doodles, the guest
// /activity says what is kept, and it all joins the account made on sign-up.

const catalog = loadCatalog(join(root, 'content'));
const deep1 = catalog.grammar.deepDive.find((d) => d.id === 1)!;
const insight = catalog.insights.find((i) => i.id === 'pre-mortem')!;
const PROMPT = 'decline-a-meeting-politely';

const j = journey();

const kept = (page: Page, key: string) => page.getByTestId(`kept-${key}`);

describe('guest work kept on this device', () => {
  it('a prompt draft, an insight draft and a deep-dive answer survive a reload, show on /activity and join a new account', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();

    // Nothing yet: the panel says what would be kept and how to keep it everywhere.
    await page.goto('/activity');
    const panel = page.getByTestId('device-kept');
    await panel.getByRole('heading', { name: 'Kept on this device' }).waitFor();
    await panel.getByText(/^Nothing yet\./).waitFor();

    await page.goto(`/prompts/${PROMPT}`);
    const response = page.getByRole('textbox', { name: 'Your response' });
    await response.fill('Thank you for the invitation; I will send my notes instead.');
    await page
      .getByTestId('autosave-status')
      .getByText(/Kept on this device at/)
      .waitFor();
    await page.getByRole('link', { name: 'Log in' }).last().waitFor();

    await page.goto(`/insights/${insight.id}`);
    await page.getByRole('textbox', { name: 'Your decision' }).fill('Hire a second analyst');
    await page.getByRole('textbox', { name: `Step 1: ${insight.steps[0]}` }).fill('Budget slips');
    await page
      .getByTestId('autosave-status')
      .getByText(/Kept on this device at/)
      .waitFor();

    await answerDeepDiveKept(page, deep1);

    // A reload brings each one back.
    await page.goto(`/prompts/${PROMPT}`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Your response' }).inputValue())
      .toBe('Thank you for the invitation; I will send my notes instead.');
    await page.goto(`/insights/${insight.id}`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Your decision' }).inputValue())
      .toBe('Hire a second analyst');
    expect(
      await page.getByRole('textbox', { name: `Step 1: ${insight.steps[0]}` }).inputValue(),
    ).toBe('Budget slips');
    await page.goto('/grammar/question/1');
    await page.getByText('✓ Correct answer').waitFor();

    // Editing a draft again keeps one draft per item, not one per save.
    await page.goto(`/prompts/${PROMPT}`);
    await expect.poll(() => response.inputValue()).not.toBe('');
    await response.fill('Thank you for the invitation; my notes will follow by Friday.');
    await page
      .getByTestId('autosave-status')
      .getByText(/Kept on this device at/)
      .waitFor();

    await page.goto('/activity');
    await expect.poll(() => kept(page, 'drafts').textContent()).toBe('2drafts');
    expect(await kept(page, 'answers').textContent()).toBe('1question answered');
    expect(await kept(page, 'points').textContent()).toBe('10points');

    // Sign up from the panel: the guest's work joins the new account.
    await panel.getByRole('link', { name: 'Create a free account' }).click();
    await page.getByLabel('Your name').fill('Kept Guest');
    await page.getByLabel('Email address').fill(`kept-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a guest who stays');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your practice as a guest was added to your account.').waitFor();
    // A new account passes through onboarding, which skips back to where the guest was.
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((u) => u.pathname === '/activity');
    expect(await page.getByTestId('device-kept').count()).toBe(0);

    const record = async (kind: string, id: string) =>
      (await page.request.get(`/api/items/${kind}/${id}`)).json();
    expect((await record('prompt', PROMPT)).entries).toMatchObject([
      { type: 'response', text: 'Thank you for the invitation; my notes will follow by Friday.' },
    ]);
    expect(JSON.stringify((await record('insight', insight.id)).entries)).toContain(
      'Hire a second analyst',
    );
    const stats = await (await page.request.get('/api/grammar/stats')).json();
    expect(stats.questions).toEqual({ 'deep-dive-1': true });

    // Signed in, the draft comes from the account.
    await page.goto(`/prompts/${PROMPT}`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Your response' }).inputValue())
      .toBe('Thank you for the invitation; my notes will follow by Friday.');
    await context.close();
  });
});
