import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RemindersResponse } from '../core/reminders/settings';
import { unsubscribeToken } from '../server/features/reminders/service';
import { journey, signedInContext } from './support';

// Reminders (issue 30): the profile page's section, onboarding's offer and the unsubscribe
// page, against the real server. The secret is fixed so the test can sign an unsubscribe
// link as a reminder mail carries it.
const SECRET = 'reminders-journey-secret-0123456789abcdef';
const j = journey({ env: { BETTER_AUTH_SECRET: SECRET } });

const profile = '/activity/edit-your-profile';

async function reminders(context: BrowserContext): Promise<RemindersResponse> {
  const res = await context.request.get('/api/reminders');
  expect(res.status()).toBe(200);
  return (await res.json()) as RemindersResponse;
}

/** A confirmed learner on a device in `timezoneId`. */
async function learnerIn(timezoneId: string, email?: string): Promise<BrowserContext> {
  const signedIn = await signedInContext(j.browser, j.server, 'Rita Reminder', email, {
    verified: true,
  });
  const state = await signedIn.storageState();
  await signedIn.close();
  return j.browser.newContext({
    baseURL: j.server.url,
    serviceWorkers: 'block',
    timezoneId,
    storageState: state,
  });
}

describe('reminder settings on the profile page', () => {
  it('each change is saved at once; the first keeps the browser’s zone; bad input is refused and changes nothing', async () => {
    const context = await learnerIn('America/Chicago');
    // This browser's time-zone data knows one zone more than the server's.
    await context.addInitScript(() => {
      const known = Intl.supportedValuesOf.bind(Intl);
      Intl.supportedValuesOf = (key) =>
        key === 'timeZone' ? [...known(key), 'Mars/Olympus'] : known(key);
    });
    const page = await context.newPage();
    await page.goto(profile);
    const section = page.getByRole('region', { name: 'Reminders' });
    const dailyEmail = section.getByRole('switch', { name: 'Daily practice reminder by email' });
    await dailyEmail.waitFor();
    // Everything is off until the learner turns it on.
    for (const s of await section.getByRole('switch').all())
      expect(await s.isChecked()).toBe(false);
    await section.getByText(/Email reminders go to/).waitFor();

    await dailyEmail.check();
    await section.getByTestId('reminder-save-daily').getByText('Saved').waitFor();
    let saved = await reminders(context);
    expect(saved.settings.kinds.daily).toEqual({ email: true, push: false });
    expect(saved.settings.timeZone).toBe('America/Chicago');

    // The daily time, saved on Enter or when the field is left.
    const time = section.getByLabel('Daily reminder time');
    await time.fill('07:30');
    await time.press('Enter');
    await expect.poll(async () => (await reminders(context)).settings.dailyAt).toBe('07:30');

    // By keyboard: Space on a switch turns it on.
    const weekly = section.getByRole('switch', { name: 'Weekly summary by email' });
    await weekly.focus();
    await page.keyboard.press('Space');
    await section.getByTestId('reminder-save-weekly').getByText('Saved').waitFor();
    expect(await weekly.isChecked()).toBe(true);
    expect((await reminders(context)).settings.kinds.weekly.email).toBe(true);

    // A learner who runs no team is not offered the team digest.
    expect(await section.getByTestId('reminder-teamDigest').count()).toBe(0);
    // A kind's own setting is dimmed while both its switches are off, and still editable.
    expect(await section.getByTestId('reminder-reviews').locator('[data-dim]').count()).toBe(1);
    expect(await section.getByTestId('reminder-daily').locator('[data-dim]').count()).toBe(0);

    // A threshold out of range is refused with a reason; nothing changes. On a phone the
    // reason scrolls into view above the tab bar, and the field is marked invalid.
    await page.setViewportSize({ width: 390, height: 844 });
    const threshold = section.getByLabel('Cards due before a reminder');
    await threshold.fill('500');
    await threshold.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await threshold.press('Enter');
    const reason = section.getByRole('alert').getByText(/whole number from 1 to 200/);
    await reason.waitFor();
    expect(await threshold.getAttribute('aria-invalid')).toBe('true');
    const tabBar = await page.getByRole('navigation', { name: 'Places' }).boundingBox();
    await expect
      .poll(async () => {
        const box = await reason.boundingBox();
        return box !== null && tabBar !== null && box.y + box.height <= tabBar.y;
      })
      .toBe(true);
    expect((await reminders(context)).settings.reviewsThreshold).toBe(20);
    await page.setViewportSize({ width: 1280, height: 720 });

    // A zone this browser knows and the server does not (its time-zone data is older) is
    // refused with the server's reason, and the page goes back to the saved zone.
    const zone = section.getByLabel('Time zone');
    await zone.selectOption('Mars/Olympus');
    await section
      .getByRole('alert')
      .getByText(/^Not saved: .*time zone/i)
      .waitFor();
    expect(await zone.inputValue()).toBe('America/Chicago');
    expect((await reminders(context)).settings.timeZone).toBe('America/Chicago');

    // Quiet hours and a pause apply to all; Resume now ends the pause.
    await section.getByRole('switch', { name: /Quiet hours/ }).check();
    await section.getByLabel('Quiet hours start').waitFor();
    await expect
      .poll(async () => (await reminders(context)).settings.quietHours)
      .toEqual({ from: '22:00', to: '07:00' });
    const pause = section.getByLabel('Pause reminders until');
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await pause.fill(day);
    await pause.press('Enter');
    await section.getByRole('button', { name: 'Resume now' }).waitFor();
    await expect.poll(async () => (await reminders(context)).settings.pausedUntil).toBe(day);
    await section.getByRole('button', { name: 'Resume now' }).click();
    await pause.waitFor();
    await expect.poll(async () => (await reminders(context)).settings.pausedUntil).toBeNull();

    // After a reload the page shows what the account keeps.
    await page.reload();
    await dailyEmail.waitFor();
    expect(await dailyEmail.isChecked()).toBe(true);
    expect(await section.getByLabel('Daily reminder time').inputValue()).toBe('07:30');
    saved = await reminders(context);
    expect(saved.settings.kinds.streak).toEqual({ email: false, push: false });
    await context.close();
  });

  it('push says plainly when notifications are not allowed, and stays off', async () => {
    const context = await learnerIn('Europe/Berlin');
    const page = await context.newPage();
    await page.goto(profile);
    const section = page.getByRole('region', { name: 'Reminders' });
    const push = section.getByRole('switch', { name: 'Daily practice reminder by push' });
    await push.click();
    await section
      .getByRole('alert')
      .getByText(/push stays off/)
      .waitFor();
    expect(await push.isChecked()).toBe(false);
    expect((await reminders(context)).settings.kinds.daily.push).toBe(false);
    await context.close();
  });
});

describe('onboarding offers the daily reminder', () => {
  it('a new learner ticks it on the last step; Finish saves it by email in their zone', async () => {
    const context = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      timezoneId: 'Europe/Lisbon',
    });
    const page = await context.newPage();
    await page.goto('/user/login?mode=signup');
    await page.getByLabel('Your name').fill('Onboarding Reminder');
    await page.getByLabel('Email address').fill(`onboard-remind-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a long onboarding password');
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await page.waitForURL((u) => u.pathname === '/welcome');
    for (const n of [1, 2, 3]) {
      await page.getByText(`Step ${n} of 4`).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.getByText('Step 4 of 4').waitFor();
    const offer = page.getByLabel('Remind me to practice at');
    expect(await offer.isChecked()).toBe(false); // off until the learner chooses it
    await page.getByLabel('Reminder time').fill('07:15');
    expect(await offer.isChecked()).toBe(true); // choosing a time ticks it
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const { settings } = await reminders(context);
    expect(settings.kinds.daily).toEqual({ email: true, push: false });
    expect(settings.dailyAt).toBe('07:15');
    expect(settings.timeZone).toBe('Europe/Lisbon');
    await context.close();
  });

  it('a guest is not offered it (reminders need an account), and Skip still leaves', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/welcome');
    for (const n of [1, 2, 3]) {
      await page.getByText(`Step ${n} of 4`).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.getByText('Step 4 of 4').waitFor();
    expect(await page.getByLabel('Remind me to practice at').count()).toBe(0);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});

describe('the unsubscribe page', () => {
  it('opening the link changes nothing; one press turns that reminder off, signed out', async () => {
    const email = `unsub-${Date.now()}@example.com`;
    const learner = await learnerIn('UTC', email);
    const on = await learner.request.patch('/api/reminders', {
      data: { kinds: { daily: { email: true }, weekly: { email: true } } },
      headers: { Origin: j.server.url },
    });
    expect(on.status()).toBe(200);
    const [user] = await j.server.query<{ id: string }>('select id from "user" where email = ?', [
      email,
    ]);
    const token = unsubscribeToken(SECRET, user!.id, 'daily', 'email');

    const visitor = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await visitor.newPage();
    await page.goto(`/reminders/unsubscribe?t=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Stop “Daily practice reminder” emails?' }).waitFor();
    expect((await reminders(learner)).settings.kinds.daily.email).toBe(true);

    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('heading', { name: '“Daily practice reminder” emails are off' }).waitFor();
    await page.getByRole('link', { name: 'reminder settings' }).waitFor();
    const after = (await reminders(learner)).settings.kinds;
    expect(after.daily.email).toBe(false);
    expect(after.weekly.email).toBe(true); // only the kind the link names

    // Opened again: it says so, with nothing to press.
    await page.reload();
    await page.getByRole('heading', { name: '“Daily practice reminder” emails are off' }).waitFor();
    expect(await page.getByRole('button', { name: 'Turn off' }).count()).toBe(0);

    // A changed or cut-off link gets a clear message.
    await page.goto(`/reminders/unsubscribe?t=${encodeURIComponent(token.slice(0, -4))}`);
    await page.getByText('This link doesn’t work').waitFor();
    // It promises nothing it cannot do, and leads on to the settings (through sign-in).
    expect(await page.getByTestId('page-purpose').textContent()).toBe(
      'You can still turn reminders off in your settings.',
    );
    const onward = page.getByRole('link', { name: 'Open reminder settings' });
    expect(new URL((await onward.getAttribute('href'))!, j.server.url).pathname).toBe(
      '/user/login',
    );
    await page.goto('/reminders/unsubscribe');
    await page.getByText('This link doesn’t work').waitFor();
    await visitor.close();
    await learner.close();
  });
});

describe('push notifications in the service worker', () => {
  it('shows a push’s title and body with the app’s icon, for a page of this app only', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url });
    await context.grantPermissions(['notifications'], { origin: j.server.url });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${j.server.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const registrationId = await registered;
    const push = (payload: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: j.server.url,
        registrationId,
        data: JSON.stringify(payload),
      });
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          icon: n.icon,
          url: (n.data as { url: string }).url,
        }));
      });

    await push({
      title: 'Time to practice',
      body: 'Ten minutes keep your streak.',
      url: '/review',
    });
    await expect.poll(shown).toEqual([
      {
        title: 'Time to practice',
        body: 'Ten minutes keep your streak.',
        icon: `${j.server.url}/icons/icon-192.png`,
        url: `${j.server.url}/review`,
      },
    ]);
    // A payload naming another site opens this app's home instead.
    await push({ title: 'Elsewhere', body: '', url: 'https://example.com/phish', tag: 'other' });
    await expect
      .poll(async () => (await shown()).find((n) => n.title === 'Elsewhere')?.url)
      .toBe(`${j.server.url}/`);
    await context.close();
  });
});
