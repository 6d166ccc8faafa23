import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPrompt } from '../core/content/practice';
import { launchBrowser, signedInContext, startServer, type RunningServer } from './support';

let server: RunningServer;
let browser: Browser;
let prompt: TPrompt;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  prompt = (await (
    await fetch(`${server.url}/api/content/prompts/decline-a-meeting-politely`)
  ).json()) as TPrompt;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const statusText = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).waitFor();

describe('prompts', () => {
  it('opens the model answer only once the learner has tried: 30 words of draft', async () => {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`/prompts/${prompt.id}`);
    const model = page.getByTestId('model-answer');
    await model.getByText('the model answer opens at 30 words (30 to go)').waitFor();
    expect(await model.getByRole('button').count()).toBe(0);
    const box = page.getByRole('textbox', { name: 'Your response' });
    await box.fill(Array.from({ length: 29 }, (_, i) => `word${i}`).join(' '));
    await model.getByText('(1 to go)').waitFor();
    await box.press('End');
    await box.pressSequentially(' thirty');
    await model.getByRole('button', { name: 'Compare with a model answer' }).click();
    const shown = model.getByRole('region', { name: 'Model answer' });
    expect((await shown.textContent())?.trim()).toBe(prompt.modelAnswer.trim());
    await context.close();
  });

  it('plans a prompt, opens it from the drawer, copies it, writes a response that survives a reload and completes it', async () => {
    const context = await signedInContext(browser, server, 'Prompt Writer');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();

    await page.goto('/prompts');
    const plan = page.getByRole('button', { name: `Plan ${prompt.title}`, exact: true });
    await plan.click();
    await expect.poll(() => plan.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Planned prompts' }).click();
    const drawer = page.getByRole('region', { name: 'Planned prompts' });
    await expect.poll(() => drawer.getByRole('link').allTextContents()).toEqual([prompt.title]);
    await drawer.getByRole('link', { name: prompt.title }).click();
    await page.waitForURL((u) => u.pathname === `/prompts/${prompt.id}`);
    await page.getByRole('heading', { level: 1, name: prompt.title }).waitFor();

    await page.getByRole('button', { name: 'Copy prompt' }).click();
    await statusText(page, 'Text copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt.prompt);

    const response = 'Thank you for the invitation. I will read the notes each week instead.';
    const box = page.getByRole('textbox', { name: 'Your response' });
    await box.fill(response);
    await page.getByText('13 words', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('autosave-status').textContent()).toMatch(/Saved/);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: prompt.title }).waitFor();
    await expect.poll(() => box.inputValue()).toBe(response);

    const complete = page.getByRole('button', { name: `Complete ${prompt.title}`, exact: true });
    await complete.click();
    await expect.poll(() => complete.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await page.request.get('/api/items/prompt')).json())
      .toMatchObject({ completed: [prompt.id], planned: [] });
    await page.getByRole('button', { name: 'Planned prompts' }).click();
    await page.getByRole('link', { name: 'Plan your prompts' }).waitFor();
    await context.close();
  });

  it('shows the failure message when the clipboard refuses the text', async () => {
    const context = await signedInContext(browser, server, 'Clipboard Refused');
    await context.addInitScript(() => {
      Object.defineProperty(Clipboard.prototype, 'writeText', {
        value: () => Promise.reject(new DOMException('Write refused', 'NotAllowedError')),
      });
    });
    const page = await context.newPage();
    await page.goto(`/prompts/${prompt.id}`);
    await page.getByRole('button', { name: 'Copy prompt' }).click();
    await statusText(page, 'Error copying text.');
    expect(await page.getByText('Text copied to clipboard!').count()).toBe(0);
    await context.close();
  });

  it('guests follow a ?prompt= link, can write, and the draft is kept on this device, not sent', async () => {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    const itemCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/items')) itemCalls.push(r.url());
    });

    await page.goto(`/prompts?prompt=${prompt.id}`);
    await page.waitForURL((u) => u.pathname === `/prompts/${prompt.id}` && u.search === '');
    await page.getByRole('heading', { level: 1, name: prompt.title }).waitFor();
    expect(await page.getByRole('button', { name: `Plan ${prompt.title}` }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Your response' }).fill('A guest draft');
    await page.getByText('to keep your response on every device.').waitFor();
    // Kept on this device, not sent: a guest has no record on the server.
    await page
      .getByTestId('autosave-status')
      .getByText(/Kept on this device at/)
      .waitFor();
    expect(itemCalls).toEqual([]);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: prompt.title }).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Your response' }).inputValue())
      .toBe('A guest draft');
    expect(itemCalls).toEqual([]);

    const res = await page.goto('/prompts/no-such-prompt');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();
    await context.close();
  });
});
