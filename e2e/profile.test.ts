import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../core/paths';
import { journey, signedInContext, type RunningServer } from './support';

// The profile page (issue 29, 6b): a styled photo picker, one field per link, and changing
// the password and the email address, on a phone and on a desktop.

const j = journey();

/** A 4×4 red PNG, small enough to type in. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGO4o6YGRwzEcQDsoxKBT+rXhgAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'e2e learner password';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
] as const;

async function learner(
  server: RunningServer,
  device: (typeof VIEWPORTS)[number],
  name: string,
  email: string,
): Promise<BrowserContext> {
  const base = await signedInContext(j.browser, server, name, email, { verified: true });
  const storageState = await base.storageState();
  await base.close();
  return j.browser.newContext({
    baseURL: server.url,
    serviceWorkers: 'block',
    viewport: device.viewport,
    isMobile: device.isMobile,
    hasTouch: device.hasTouch,
    storageState,
  });
}

const newestMail = async (server: RunningServer, to: string, kind: string) => {
  const [mail] = await server.query<{ link: string }>(
    'select link from mail_outbox where to_address = ? and kind = ? order by created_at desc limit 1',
    [to, kind],
  );
  if (!mail) throw new Error(`no ${kind} mail went to ${to}`);
  return new URL(mail.link);
};

const me = async (page: Page) =>
  (await (await page.request.get('/api/me')).json()) as { email: string; photoURL: string | null };

describe('the profile page', () => {
  for (const device of VIEWPORTS) {
    it(`on a ${device.name}: picks and removes a photo, keeps two links, changes the password and the email address`, async () => {
      const { server } = j;
      const stamp = `${device.name}-${Date.now()}`;
      const email = `profile-${stamp}@example.com`;
      const context = await learner(server, device, 'Rosa Diaz', email);
      const page = await context.newPage();
      await page.goto(paths.editProfile());

      // The photo picker: a button, never the browser's raw "No file chosen".
      const photo = page.getByRole('group', { name: 'Photo' });
      await photo.getByText('RD', { exact: true }).waitFor();
      const choose = photo.getByText('Choose a photo', { exact: true });
      await choose.waitFor();
      expect(await page.getByText(/no file chosen/i).count()).toBe(0);
      await photo.getByLabel('Choose a photo').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await photo.getByText('Photo saved').waitFor();
      await photo.getByRole('img', { name: 'Rosa Diaz' }).waitFor();
      await photo.getByText('Change photo', { exact: true }).waitFor();
      expect((await me(page)).photoURL).toMatch(/^\/api\/files\//);
      await photo.getByRole('button', { name: 'Remove photo' }).click();
      await photo.getByText('Photo removed').waitFor();
      await photo.getByText('RD', { exact: true }).waitFor();
      expect((await me(page)).photoURL).toBeNull();

      // Links: one field each, checked one by one, saved like the other fields.
      const links = page.getByRole('group', { name: 'Links' });
      await links.getByRole('button', { name: 'Add a link' }).click();
      const first = links.getByLabel('Link 1', { exact: true });
      await first.fill('my linkedin');
      await first.blur();
      await links.getByText('Enter a full web address, starting with https://').waitFor();
      // The field says what is wrong; the group does not say it again.
      expect(await links.getByText(/full web address/).count()).toBe(1);
      expect(await links.getByText('Your links are not saved').count()).toBe(0);
      // A domain typed without https:// gets it when the field is left.
      await first.fill('www.linkedin.com/in/rosa');
      await first.blur();
      await links.getByText('LinkedIn', { exact: true }).waitFor();
      expect(await first.inputValue()).toBe('https://www.linkedin.com/in/rosa');
      await links.getByRole('button', { name: 'Add a link' }).click();
      const second = links.getByLabel('Link 2', { exact: true });
      await second.fill('https://rosa.example.com/portfolio');
      await second.blur();
      await expect
        .poll(async () => (await (await page.request.get('/api/profile')).json()).links)
        .toEqual(['https://www.linkedin.com/in/rosa', 'https://rosa.example.com/portfolio']);
      await page.reload();
      await expect
        .poll(() =>
          page
            .getByRole('group', { name: 'Links' })
            .getByLabel('Link 2', { exact: true })
            .inputValue(),
        )
        .toBe('https://rosa.example.com/portfolio');
      expect(await links.getByLabel('Link 1', { exact: true }).inputValue()).toBe(
        'https://www.linkedin.com/in/rosa',
      );

      // One of "Change email" and "Change password" is open at a time.
      const password = page.getByRole('region', { name: 'Password' });
      const emailRegion = page.getByRole('region', { name: 'Email address', exact: true });
      await password.getByRole('button', { name: 'Change password' }).click();
      await password.getByLabel('New password').waitFor();
      await emailRegion.getByRole('button', { name: 'Change email' }).click();
      await emailRegion.getByLabel('New email address').waitFor();
      expect(await password.getByLabel('New password').count()).toBe(0);
      await password.getByRole('button', { name: 'Change password' }).click();
      await password.getByLabel('New password').waitFor();
      expect(await emailRegion.getByLabel('New email address').count()).toBe(0);
      await emailRegion.getByRole('button', { name: 'Change email' }).waitFor();

      // The password: a wrong current one is refused under its field, which takes the focus;
      // the right one changes it.
      const current = password.getByLabel('Current password');
      await current.fill('not my password');
      await password.getByLabel('New password').fill('my second passphrase');
      await password.getByRole('button', { name: 'Save new password' }).click();
      const wrong = 'That is not your current password. Check it and try again.';
      await password.getByText(wrong).waitFor();
      expect(await password.getByText(wrong).count()).toBe(1);
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await current.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(wrong);
      expect(await current.evaluate((el) => el === document.activeElement)).toBe(true);
      await current.fill(PASSWORD);
      expect(await password.getByText(wrong).count()).toBe(0);
      await password.getByRole('button', { name: 'Save new password' }).click();
      await password.getByText('Your password is changed.').waitFor();

      // The email address: a link to the new one, which changes it only when opened.
      const newEmail = `moved-${stamp}@example.com`;
      const account = page.getByRole('region', { name: 'Email address', exact: true });
      await account.getByRole('button', { name: 'Change email' }).click();
      await account.getByLabel('New email address').fill(newEmail);
      const emailPassword = account.getByLabel('Current password');
      // Once (wrong passwords count against this client, as failed sign-ins do).
      if (device.name === 'phone') {
        await emailPassword.fill('not my password');
        await account.getByRole('button', { name: 'Send link' }).click();
        await account.getByText(wrong).waitFor();
        expect(await emailPassword.getAttribute('aria-invalid')).toBe('true');
        expect(await emailPassword.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      await emailPassword.fill('my second passphrase');
      await account.getByRole('button', { name: 'Send link' }).click();
      await account
        .getByText(`We sent a link to ${newEmail} — the change happens when you open it.`)
        .waitFor();
      await page.reload();
      await page
        .getByText(`We sent a link to ${newEmail} — the change happens when you open it.`)
        .waitFor();
      expect((await me(page)).email).toBe(email);

      const link = await newestMail(server, newEmail, 'change-email');
      await page.goto(`${link.pathname}${link.search}`);
      await page.waitForURL((u) => u.pathname === '/user/verified');
      await page.goto(paths.editProfile());
      await page
        .getByRole('region', { name: 'Email address', exact: true })
        .getByText(newEmail)
        .waitFor();
      expect(await page.getByText('We sent a link to').count()).toBe(0);
      await context.close();

      // A new device: the new address and the new password sign in.
      const fresh = await j.browser.newContext({
        baseURL: server.url,
        serviceWorkers: 'block',
        viewport: device.viewport,
        isMobile: device.isMobile,
        hasTouch: device.hasTouch,
      });
      const login = await fresh.newPage();
      await login.goto('/user/login?next=/activity/edit-your-profile');
      await login.getByLabel('Email address').fill(newEmail);
      await login.getByLabel('Password').fill('my second passphrase');
      await login.getByRole('button', { name: 'Log in', exact: true }).click();
      await login.waitForURL((u) => u.pathname === paths.editProfile());
      await login
        .getByRole('region', { name: 'Email address', exact: true })
        .getByText(newEmail)
        .waitFor();
      await fresh.close();
    });
  }
});
