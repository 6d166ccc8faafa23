import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journey, signedInContext, signedInPhone } from './support';

const j = journey();

const PROMPT = 'decline-a-meeting-politely';
const OFFLINE_LINE = 'Offline: your draft is kept on this device and will save when you’re back.';
const BANNER = 'You’re offline. Your practice is kept on this device and syncs when you’re back.';

const box = (page: Page) => page.getByRole('textbox', { name: 'Your response' });
const saveStatus = (page: Page) => page.getByTestId('autosave-status');

/** The response text the server holds for the prompt. */
async function serverText(context: BrowserContext): Promise<string> {
  const res = await context.request.get(`/api/items/prompt/${PROMPT}`);
  if (res.status() !== 200) return '';
  const record = (await res.json()) as { entries: { type?: string; text?: string }[] };
  return record.entries.find((e) => e.type === 'response')?.text ?? '';
}

async function openPrompt(page: Page) {
  await page.goto(`/prompts/${PROMPT}`);
  await box(page).waitFor();
  // The shell knows who is signed in, and the record has arrived, before the draft is typed.
  await page.waitForLoadState('networkidle');
}

const viewports = [
  ['a phone', (name: string) => signedInPhone(j.browser, j.server, name)],
  ['a desktop', (name: string) => signedInContext(j.browser, j.server, name)],
] as const;

describe.each(viewports)('a signed-in learner’s draft typed offline on %s', (_, open) => {
  it('is kept on the device with one calm line, and saves by itself when the network is back', async () => {
    const context = await open('Offline Writer');
    const page = await context.newPage();
    await openPrompt(page);

    const first = 'Thank you for the invitation.';
    await box(page).fill(first);
    await saveStatus(page)
      .getByText(/Saved at/)
      .waitFor();
    expect(await serverText(context)).toBe(first);

    await context.setOffline(true);
    const more = ' I cannot join on Friday, but I can send my notes before it.';
    await box(page).press('End');
    await box(page).pressSequentially(more);
    await saveStatus(page).getByText(OFFLINE_LINE).waitFor();
    await page.getByText(BANNER).waitFor();
    expect(await saveStatus(page).textContent()).toBe(OFFLINE_LINE);
    expect(await saveStatus(page).getByRole('button', { name: 'Retry' }).count()).toBe(0);

    await context.setOffline(false);
    await saveStatus(page)
      .getByText(/Saved at/)
      .waitFor();
    expect(await saveStatus(page).getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await expect.poll(() => serverText(context)).toBe(first + more);
    // The copy kept on the device is cleared once the server has it.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const req = indexedDB.open('skillway');
              req.onsuccess = () => {
                const count = req.result.transaction('outbox').objectStore('outbox').count();
                count.onsuccess = () => resolve(count.result);
              };
            }),
        ),
      )
      .toBe(0);
    await context.close();
  });

  it('is there after the page is closed offline and opened again online, and then saved', async () => {
    const context = await open('Closing Writer');
    const page = await context.newPage();
    await openPrompt(page);

    await context.setOffline(true);
    const text = 'Typed on the train with no signal: I will send a short update instead.';
    await box(page).fill(text);
    await saveStatus(page).getByText(OFFLINE_LINE).waitFor();
    await page.close();

    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto(`/prompts/${PROMPT}`);
    await expect.poll(() => box(again).inputValue()).toBe(text);
    await saveStatus(again)
      .getByText(/Saved at/)
      .waitFor();
    await expect.poll(() => serverText(context)).toBe(text);
    await context.close();
  });
});
