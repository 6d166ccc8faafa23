import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInContext, journey } from './support';

const j = journey();

/** The activities list on /activity/activities. */
const activitiesList = (page: Page) => page.getByRole('main');
const saved = (page: Page) =>
  page
    .getByTestId('autosave-status')
    .getByText(/Saved at/)
    .waitFor();

describe('activities', () => {
  it('fills every editor widget across three activities, reloads, and finds each answer restored', async () => {
    const context = await signedInContext(j.browser, j.server, 'Activity Learner');
    const page = await context.newPage();

    // Career direction: job autocomplete, dropdown, table, rating (by keyboard), text.
    await page.goto('/activity/activities');
    await activitiesList(page)
      .getByRole('link', { name: 'Choose your next career direction' })
      .click();
    await page
      .getByRole('heading', { level: 2, name: 'Choose your next career direction' })
      .waitFor();
    const current = page.getByRole('combobox', { name: 'Your current role' });
    await current.click();
    await current.pressSequentially('product-m');
    await page.getByRole('option', { name: 'Product Manager' }).click();
    await expect.poll(() => current.inputValue()).toBe('Product Manager');
    await page.getByRole('button', { name: /Which direction do you want to move in next/ }).click();
    await page.getByRole('option', { name: 'Move into people management' }).click();
    await page
      .getByRole('combobox', { name: 'A role that fits this direction' })
      .fill('Engineering Manager');
    // The title matches a suggestion, so the list is open (and the rest of the page hidden
    // from assistive tech, as react-aria does); leaving the field closes it.
    await page.keyboard.press('Tab');
    await page.getByRole('textbox', { name: 'Factor, row 1' }).fill('Daily work');
    await page
      .getByRole('textbox', { name: 'Target role, row 1' })
      .fill('More meetings, fewer tickets');
    const workRating = page.getByRole('group', { name: 'The daily work' });
    await workRating.getByRole('radio', { name: '1' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => workRating.getByRole('radio', { name: '4' }).isChecked()).toBe(true);
    await page
      .getByRole('textbox', { name: /Your decision and the first step/ })
      .fill('Talk to two engineering managers this month.');
    await saved(page);
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Your current role' }).inputValue())
      .toBe('Product Manager');
    await expect
      .poll(() =>
        page.getByRole('combobox', { name: 'A role that fits this direction' }).inputValue(),
      )
      .toBe('Engineering Manager');
    await page
      .getByRole('button', { name: /Which direction do you want to move in next/ })
      .getByText('Move into people management')
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Factor, row 1' }).inputValue()).toBe(
      'Daily work',
    );
    expect(await page.getByRole('textbox', { name: 'Target role, row 1' }).inputValue()).toBe(
      'More meetings, fewer tickets',
    );
    expect(
      await page
        .getByRole('group', { name: 'The daily work' })
        .getByRole('radio', { name: '4' })
        .isChecked(),
    ).toBe(true);
    expect(
      await page.getByRole('group', { name: 'Pay and stability' }).getByText('1 of 5').count(),
    ).toBe(1);

    // Pitch deck: slides (edit, move, add) and a checklist.
    // The spec's address of an activity opens it on the activities view.
    await page.goto('/activity?activity=pitch-deck-slides');
    await page.waitForURL(
      (u) =>
        u.pathname === '/activity/activities' &&
        u.searchParams.get('activity') === 'pitch-deck-slides',
    );
    await page.getByText('Slide 1 of 7').waitFor();
    await page
      .getByRole('textbox', { name: 'Title' })
      .fill('Checkout drop-off costs us 9% of orders');
    await page.getByRole('button', { name: 'Move later' }).click();
    await page.getByText('Slide 2 of 7').waitFor();
    await page.getByRole('button', { name: 'Add slide' }).click();
    await page.getByText('Slide 3 of 8').waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill('Appendix');
    await page.getByRole('checkbox', { name: 'Each slide makes one point.' }).check();
    await saved(page);
    await page.reload();
    await page.getByText('Slide 1 of 8').waitFor();
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(
      'Who has the problem',
    );
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(
      'Checkout drop-off costs us 9% of orders',
    );
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Appendix');
    expect(
      await page.getByRole('checkbox', { name: 'Each slide makes one point.' }).isChecked(),
    ).toBe(true);

    // Testimonial: the spec's defaults first, then the learner's own words.
    await page.goto('/activity/activities?activity=testimonial-request');
    const fullName = page.getByRole('textbox', { name: 'Full name' });
    await expect.poll(() => fullName.inputValue()).toBe('John Doe');
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(
      'Teacher',
    );
    expect(await page.getByRole('textbox', { name: 'Testimonial' }).inputValue()).toBe(
      'I loved it.',
    );
    await fullName.fill('Ana Ruiz');
    await page
      .getByRole('textbox', { name: 'Title', exact: true })
      .fill('Head of Design, Northwind');
    await page.getByText('Ana Ruiz, Head of Design, Northwind').waitFor();
    await saved(page);
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Full name' }).inputValue())
      .toBe('Ana Ruiz');

    // The answers are entries on the learner's records, as the API returns them.
    const record = await (await page.request.get('/api/items/activity/testimonial-request')).json();
    expect(record.entries[0].values['draft-testimonial']).toEqual({
      fullName: 'Ana Ruiz',
      title: 'Head of Design, Northwind',
      testimonial: 'I loved it.',
    });
    await context.close();
  });

  it('plans an activity from the list, sees it in the drawer, saves it, and filters the list', async () => {
    const context = await signedInContext(j.browser, j.server, 'Planner');
    const page = await context.newPage();
    await page.goto('/activity/activities');
    await activitiesList(page)
      .getByRole('button', { name: 'Plan Build a short pitch deck' })
      .click();
    await page.getByRole('button', { name: 'Planned activities' }).click();
    const drawer = page.getByRole('region', { name: 'Planned activities' });
    await drawer.getByRole('link', { name: 'Build a short pitch deck' }).waitFor();
    await activitiesList(page)
      .getByRole('button', { name: 'Save Build a short pitch deck' })
      .click();
    await drawer.getByRole('link', { name: 'Plan your activities' }).waitFor();
    const lists = await (await page.request.get('/api/items/activity')).json();
    expect(lists).toMatchObject({ planned: [], saved: ['pitch-deck-slides'] });
    await page.getByRole('searchbox', { name: 'Search' }).fill('pitch deck');
    await page.getByText(/^1 of \d+ activities$/).waitFor();
    await page.getByRole('combobox', { name: 'Show' }).selectOption('saved');
    await page.getByText(/^1 of \d+ activities$/).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzzz');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await activitiesList(page).getByRole('link', { name: 'Build a short pitch deck' }).waitFor();
    await context.close();
  });

  it('a guest can work through an activity, keeps the answers on this device and is asked to log in to keep them', async () => {
    const context = await j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/activity?activity=weekly-reflection');
    await page.getByText('to keep your answers on every device.').waitFor();
    await page.getByRole('checkbox').first().check();
    expect(await page.getByRole('checkbox').first().isChecked()).toBe(true);
    await page
      .getByTestId('autosave-status')
      .getByText(/Kept on this device at/)
      .waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox').first().isChecked()).toBe(true);
    await context.close();
  });
  it('finishing an activity is a moment with a next step, not silence (issue 26 finding 5)', async () => {
    const context = await signedInContext(j.browser, j.server, 'Finisher');
    const page = await context.newPage();
    await page.goto('/activity?activity=weekly-reflection');
    const finish = page.getByTestId('activity-finish');
    await finish.getByText(/^0 of \d+ parts filled in\.$/).waitFor();
    expect(await finish.getByRole('button', { name: 'Finish activity' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox').first().check();
    await saved(page);
    await finish.getByRole('button', { name: 'Finish activity' }).click();
    await finish.getByText('Activity complete').waitFor();
    await finish.getByText('Your answers stay here to come back to.', { exact: false }).waitFor();
    expect(await finish.getByRole('link', { name: 'Back to Today' }).getAttribute('href')).toBe(
      '/',
    );
    // It is on the account: the list says so after a reload.
    await page.reload();
    await finish.getByText('Activity complete').waitFor();
    await context.close();
  });
});
