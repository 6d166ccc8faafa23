import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmAddress, journey } from './support';

// Behind a trusted proxy: each device signs in from an address of its own.
const j = journey({ env: { TRUSTED_PROXIES: '127.0.0.1' } });

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('settings belong to the account', () => {
  it('onboarding on the phone is the laptop’s too: profession, level, target role, goal, dark theme and active team', async () => {
    const id = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    const email = `two-devices-${id}@example.com`;
    const password = 'a long two-device password';

    // The phone: sign up, onboard as Tech / Mid-level with the Serious goal, switch to dark.
    const phone = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const onPhone = await phone.newPage();
    await onPhone.goto('/user/login?mode=signup');
    await onPhone.getByLabel('Your name').fill('Two Devices');
    await onPhone.getByLabel('Email address').fill(email);
    await onPhone.getByLabel('Password').fill(password);
    await onPhone.getByRole('button', { name: 'Create account' }).last().click();
    await onPhone.waitForURL((u) => u.pathname === '/welcome');
    await onPhone.getByText('Step 1 of 4').waitFor();
    await onPhone.getByRole('radio', { name: /^Tech/ }).check();
    await onPhone.getByRole('button', { name: 'Continue' }).click();
    await onPhone.getByText('Step 2 of 4').waitFor();
    await onPhone.getByRole('radio', { name: /^Mid-level/ }).check();
    await onPhone.getByRole('button', { name: 'Continue' }).click();
    await onPhone.getByText('Step 3 of 4').waitFor();
    // The role follows the profession.
    expect(await onPhone.getByRole('radio', { name: /^Tech/ }).isChecked()).toBe(true);
    await onPhone.getByRole('button', { name: 'Continue' }).click();
    await onPhone.getByText('Step 4 of 4').waitFor();
    await onPhone.getByRole('radio', { name: /^Serious/ }).check();
    await onPhone.getByRole('button', { name: 'Finish' }).click();
    await onPhone.waitForURL((u) => u.pathname === '/');
    await onPhone.getByTestId('today-goal').getByText('0 of 300 points').waitFor();

    await onPhone.getByTestId('theme-toggle').click();
    expect(await isDark(onPhone)).toBe(true);
    await onPhone.waitForLoadState('networkidle'); // the choice has reached the server

    // Two teams (made through the API, as an owner with a confirmed address would); the
    // newer one is active until the phone picks the first.
    await confirmAddress(phone, j.server, email);
    const headers = { Origin: j.server.url };
    for (const [name, slug] of [
      [`Alpha ${id}`, `alpha-${id}`],
      [`Beta ${id}`, `beta-${id}`],
    ])
      expect(
        (await phone.request.post('/api/teams', { data: { name, slug }, headers })).status(),
      ).toBe(201);
    await onPhone.goto('/teams');
    await onPhone.getByRole('button', { name: `Make Alpha ${id} my active team` }).click();
    await onPhone
      .getByRole('listitem')
      .filter({ hasText: `Alpha ${id}` })
      .getByText('✓ Your active team')
      .waitFor();

    // The laptop: another device, signed in with the same account.
    const laptop = await j.browser.newContext({
      baseURL: j.server.url,
      serviceWorkers: 'block',
      viewport: { width: 1366, height: 900 },
    });
    const onLaptop = await laptop.newPage();
    await onLaptop.goto('/user/login');
    await onLaptop.getByLabel('Email address').fill(email);
    await onLaptop.getByLabel('Password').fill(password);
    await onLaptop.getByRole('button', { name: 'Log in', exact: true }).click();
    await onLaptop.waitForURL((u) => u.pathname !== '/user/login');

    // The menu's settings.
    await onLaptop.goto('/');
    await onLaptop.getByRole('button', { name: 'Menu' }).click();
    const menu = onLaptop.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => menu.getByLabel('Profession').inputValue()).toBe('Tech');
    expect(await menu.getByLabel('Level').inputValue()).toBe('Mid-level');
    await onLaptop.keyboard.press('Escape');

    // Today's suggestion is for tech; the goal is the account's.
    await onLaptop.goto('/');
    await onLaptop.getByText('Today’s writing prompt for tech', { exact: false }).waitFor();
    await onLaptop.getByTestId('today-goal').getByText('0 of 300 points').waitFor();
    expect(
      await onLaptop.getByTestId('today').getByRole('link', { name: 'Personalize' }).count(),
    ).toBe(0);

    // Vocabulary does not ask to personalize again; it orders for the account's choices.
    await onLaptop.goto('/vocabulary');
    await onLaptop.getByText('Ordered for a mid-level in tech.').waitFor();
    expect(
      await onLaptop.getByTestId('order-note').getByRole('link', { name: 'Personalize' }).count(),
    ).toBe(0);

    // The skills profile compares with the Tech targets.
    await onLaptop.goto('/activity/skills');
    await onLaptop.getByRole('heading', { name: 'You and the Tech targets' }).waitFor();

    // The same active team.
    await onLaptop.goto('/teams');
    await onLaptop
      .getByRole('listitem')
      .filter({ hasText: `Alpha ${id}` })
      .getByText('✓ Your active team')
      .waitFor();
    expect(
      await onLaptop
        .getByRole('listitem')
        .filter({ hasText: `Beta ${id}` })
        .getByText('✓ Your active team')
        .count(),
    ).toBe(0);

    // Dark, as chosen on the phone; and now the laptop keeps the theme itself: dark from the
    // first paint of the next load.
    await expect.poll(() => isDark(onLaptop)).toBe(true);
    await onLaptop.reload({ waitUntil: 'domcontentloaded' });
    expect(await isDark(onLaptop)).toBe(true);

    // A change on the laptop reaches the phone.
    await onLaptop.goto('/activity/skills');
    await onLaptop.getByRole('button', { name: /Target profile/ }).click();
    await onLaptop
      .getByRole('listbox', { name: 'Target profile' })
      .getByRole('option', { name: 'Entrepreneurial' })
      .click();
    await onLaptop.getByRole('heading', { name: 'You and the Entrepreneurial targets' }).waitFor();
    await onLaptop.waitForLoadState('networkidle');
    await onPhone.goto('/activity/skills');
    await onPhone.getByRole('heading', { name: 'You and the Entrepreneurial targets' }).waitFor();

    await laptop.close();
    await phone.close();
  });

  it('a guest’s choices on this device fill the new account’s settings at sign-up', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByLabel('Profession').selectOption('Creative');
    await menu.getByLabel('Level').selectOption('Executive');
    await page.keyboard.press('Escape');
    await page.getByTestId('theme-toggle').click();

    await page.goto('/user/login?mode=signup');
    await page.getByLabel('Your name').fill('Guest First');
    await page.getByLabel('Email address').fill(`guest-first-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a long guest-first password');
    await page.getByRole('button', { name: 'Create account' }).last().click();
    await page.waitForURL((u) => u.pathname === '/welcome');
    // Onboarding starts from them, and the account already has them.
    expect(await page.getByRole('radio', { name: /^Creative/ }).isChecked()).toBe(true);
    await expect
      .poll(async () => (await (await page.request.get('/api/me')).json()).settings)
      .toMatchObject({ profession: 'Creative', level: 'Executive', theme: 'dark' });
    await context.close();
  });
});
