import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journey, signedInContext } from './support';

const j = journey();
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

/** A new user at `email`, on the invitation page its mail in the dev outbox links to. */
async function openInvitation(
  name: string,
  email: string,
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await signedInContext(j.browser, j.server, name, email);
  const page = await ctx.newPage();
  await page.goto('/dev/mail');
  await page
    .getByRole('listitem')
    .filter({ hasText: email })
    .getByRole('link', { name: 'Open the invitation' })
    .first()
    .click();
  await page.waitForURL('**/teams/invitations/*');
  return { ctx, page };
}

describe('a team, end to end', () => {
  it('is created, invites two people who accept by mail, makes one admin, revokes a third invitation, and a member leaves', async () => {
    const id = unique();
    const [alice, bob, carol] = [
      `alice-${id}@example.com`,
      `bob-${id}@example.com`,
      `carol-${id}@example.com`,
    ] as const;
    const ownerCtx = await signedInContext(j.browser, j.server, 'Olga Owner');
    const owner = await ownerCtx.newPage();

    // Teams is in the signed-in menu; create the team there, its address from its name.
    await owner.goto('/');
    await owner.getByRole('button', { name: 'Menu' }).click();
    await owner
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Teams' })
      .click();
    await owner.waitForURL((u) => u.pathname === '/teams');
    await owner.getByText('You are not in a team yet').waitFor();
    await owner.getByLabel('Team name').fill(`Guild ${id}`);
    const slug = `guild-${id}`;
    await expect.poll(() => owner.getByLabel('Team address').inputValue()).toBe(slug);
    await owner.getByRole('button', { name: 'Create team' }).click();
    await owner.waitForURL((u) => u.pathname === `/teams/${slug}`);
    await expect.poll(() => heading(owner).textContent()).toBe(`Guild ${id}`);

    // Three invitations by email.
    for (const email of [alice, bob, carol]) {
      await owner.getByLabel('Email address', { exact: true }).fill(email);
      await owner.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByText(`Invitation sent to ${email}.`).waitFor();
    }
    const open = owner.getByRole('region', { name: 'Open invitations' });
    await expect.poll(() => open.getByRole('listitem').count()).toBe(3);

    // Alice and Bob accept through the links mailed to them; the page says who invited and what the team sees.
    const joined: Record<string, { ctx: BrowserContext; page: Page }> = {};
    for (const [name, email] of [
      ['Alice Adams', alice],
      ['Bob Brown', bob],
    ] as const) {
      const them = await openInvitation(name, email);
      await them.page.getByRole('heading', { name: `Guild ${id}` }).waitFor();
      await them.page.getByText('Olga Owner').first().waitFor();
      await them.page.getByText(/see only your name, your email address and your role/).waitFor();
      await them.page.getByRole('button', { name: `Join Guild ${id}` }).click();
      await them.page.waitForURL((u) => u.pathname === `/teams/${slug}`);
      await them.page.getByText('You are a member of this team.').waitFor();
      joined[email] = them;
    }

    // The owner makes Alice admin and revokes Carol's invitation.
    await owner.reload();
    const members = owner.getByRole('region', { name: /^Members/ });
    await expect.poll(() => members.getByRole('listitem').count()).toBe(3);
    await owner.getByLabel('Role of Alice Adams').selectOption('admin');
    await expect.poll(() => owner.getByLabel('Role of Alice Adams').inputValue()).toBe('admin');
    await owner.getByRole('button', { name: `Revoke the invitation to ${carol}` }).click();
    await owner.getByText('No invitation is waiting for an answer.').waitFor();
    const alicePage = joined[alice]!.page;
    await alicePage.reload();
    await alicePage.getByText('You are an admin of this team').waitFor();

    // Carol's link now says the invitation was withdrawn.
    const carolView = await openInvitation('Carol Clark', carol);
    await carolView.page.getByText('The team withdrew this invitation').waitFor();
    expect(await carolView.page.getByRole('button', { name: /^Join/ }).count()).toBe(0);

    // Bob leaves, confirming in a dialog; the team is gone from his list.
    const bobPage = joined[bob]!.page;
    await bobPage.getByRole('button', { name: 'Leave team' }).click();
    const dialog = bobPage.getByRole('alertdialog', { name: `Leave Guild ${id}?` });
    await dialog.getByRole('button', { name: 'Leave team' }).click();
    await bobPage.waitForURL((u) => u.pathname === '/teams');
    await bobPage.getByText('You are not in a team yet').waitFor();

    await owner.reload();
    await expect
      .poll(() => members.getByRole('listitem').allTextContents())
      .toEqual([expect.stringContaining('Olga Owner'), expect.stringContaining('Alice Adams')]);
    for (const ctx of [ownerCtx, carolView.ctx, ...Object.values(joined).map((x) => x.ctx)])
      await ctx.close();
  });
});
