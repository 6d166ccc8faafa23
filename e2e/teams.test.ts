import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../core/dates';
import { zoneDayKey } from '../core/progress/dashboard';
import { formatDue } from '../core/teams/assignments';
import { loadCatalog } from '../server/content/catalog';
import { confirmAddress, journey, root, signedInContext, takeTopicQuiz } from './support';

const topic = loadCatalog(join(root, 'content')).grammar.topics.get('conditionals')!;

// Behind a trusted proxy, so each person signs in from an address of their own.
const j = journey({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
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
  it('an unconfirmed account is told to confirm its address before it creates a team, and then can', async () => {
    const id = unique();
    const email = `una-${id}@example.com`;
    const ctx = await signedInContext(j.browser, j.server, 'Una Unconfirmed', email);
    const page = await ctx.newPage();
    await page.goto('/teams');
    const create = page.getByRole('region', { name: 'Create a team' });
    await create.getByText('Confirm your email address to create a team').waitFor();
    await create.getByText(email).waitFor();
    expect(await create.getByRole('button', { name: 'Create team' }).count()).toBe(0);

    await confirmAddress(ctx, j.server, email);
    await page.reload();
    await create.getByLabel('Team name').fill(`Una ${id}`);
    await create.getByRole('button', { name: 'Create team' }).click();
    await page.waitForURL((u) => u.pathname === `/teams/una-${id}`);
    await ctx.close();
  });

  it('is created, invites two people who accept by mail, makes one admin, revokes a third invitation, and a member leaves', async () => {
    const id = unique();
    const [alice, bob, carol] = [
      `alice-${id}@example.com`,
      `bob-${id}@example.com`,
      `carol-${id}@example.com`,
    ] as const;
    const ownerCtx = await signedInContext(j.browser, j.server, 'Olga Owner', undefined, {
      verified: true,
    });
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
    // The empty state's button takes her to the form's first field.
    await owner.getByRole('button', { name: 'Create a team' }).click();
    await expect
      .poll(() => owner.evaluate(() => document.activeElement?.getAttribute('autocomplete')))
      .toBe('organization');
    await owner.getByLabel('Team name').fill(`Guild ${id}`);
    const slug = `guild-${id}`;
    await expect.poll(() => owner.getByLabel('Team address').inputValue()).toBe(slug);
    await owner.getByRole('button', { name: 'Create team' }).click();
    await owner.waitForURL((u) => u.pathname === `/teams/${slug}`);
    await expect.poll(() => heading(owner).textContent()).toBe(`Guild ${id}`);

    // Three invitations at once, pasted in one box.
    await owner.getByLabel('Email addresses').fill(`${alice}, ${bob}\n${carol}`);
    await owner.getByRole('button', { name: 'Send 3 invitations' }).click();
    await owner.getByText(`3 invitations sent: ${alice}, ${bob}, ${carol}.`).waitFor();
    const open = owner.getByRole('region', { name: 'Open invitations' });
    await expect.poll(() => open.getByRole('listitem').count()).toBe(3);
    // Sending Carol's again: two more mails go out, then the owner is told to wait.
    for (const mailed of [true, true, false]) {
      await Promise.all([
        owner.waitForResponse(
          (r) => r.request().method() === 'POST' && r.url().endsWith(`/${slug}/invitations`),
        ),
        open.getByRole('button', { name: `Send the invitation to ${carol} again` }).click(),
      ]);
      const told = mailed
        ? open.getByText(`Invitation sent again to ${carol}.`)
        : open.getByText(`The invitation to ${carol} is open, but no new mail went out`);
      await told.waitFor();
    }
    expect(await open.getByRole('listitem').count()).toBe(3);

    // Alice and Bob accept through the links mailed to them; the page says who invited and what the team sees.
    const joined: Record<string, { ctx: BrowserContext; page: Page }> = {};
    for (const [name, email] of [
      ['Alice Adams', alice],
      ['Bob Brown', bob],
    ] as const) {
      const them = await openInvitation(name, email);
      await them.page.getByRole('heading', { name: `Guild ${id}` }).waitFor();
      await them.page.getByText('Olga Owner').first().waitFor();
      await them.page.getByText('Admins see:').waitFor();
      await them.page.getByText('your points per week and daily-goal streak').waitFor();
      await them.page.getByRole('button', { name: `Join Guild ${id}` }).click();
      await them.page.waitForURL((u) => u.pathname === `/teams/${slug}`);
      await them.page.getByTestId('team-welcome').waitFor();
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
    await alicePage.goto(`/teams/${slug}`);
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

  it('an admin renames the team and removes a member after confirming; owners cannot be removed by admins; the member’s list no longer has the team', async () => {
    const id = unique();
    const slug = `crew-${id}`;
    const headers = { Origin: j.server.url };
    const people = {
      owner: await signedInContext(j.browser, j.server, 'Olga Owner', undefined, {
        verified: true,
      }),
      admin: await signedInContext(j.browser, j.server, 'Adam Admin', `adam-${id}@example.com`),
      member: await signedInContext(j.browser, j.server, 'Mia Member', `mia-${id}@example.com`),
    };
    const must = async (res: Promise<{ status(): number; json(): Promise<unknown> }>) => {
      const r = await res;
      expect(r.status()).toBeLessThan(300);
      return (await r.json()) as { id: string };
    };
    await must(
      people.owner.request.post('/api/teams', { data: { name: `Crew ${id}`, slug }, headers }),
    );
    for (const [who, role] of [
      ['admin', 'admin'],
      ['member', 'member'],
    ] as const) {
      const { id: invitation } = await must(
        people.owner.request.post(`/api/teams/${slug}/invitations`, {
          data: { email: `${who === 'admin' ? 'adam' : 'mia'}-${id}@example.com`, role },
          headers,
        }),
      );
      await must(
        people[who].request.post(`/api/teams/invitations/${invitation}/accept`, { headers }),
      );
    }

    const admin = await people.admin.newPage();
    await admin.goto(`/teams/${slug}`);
    // The admin renames the team; its address stays.
    await admin.getByRole('button', { name: 'Rename team' }).click();
    const rename = admin.getByRole('dialog', { name: 'Rename the team' });
    await rename.getByLabel('Team name').fill(' ');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await rename.getByText('Give the team a name of at least 2 characters.').waitFor();
    await rename.getByLabel('Team name').fill(`Field crew ${id}`);
    await rename.getByRole('button', { name: 'Save name' }).click();
    await rename.waitFor({ state: 'detached' });
    await expect.poll(() => heading(admin).textContent()).toBe(`Field crew ${id}`);
    expect(new URL(admin.url()).pathname).toBe(`/teams/${slug}`);
    const members = admin.getByRole('region', { name: /^Members/ });
    await expect.poll(() => members.getByRole('listitem').count()).toBe(3);
    // An admin may remove a member, not the owner, and not themselves (they leave instead).
    expect(await members.getByRole('button', { name: 'Remove Olga Owner' }).count()).toBe(0);
    expect(await members.getByRole('button', { name: 'Remove Adam Admin' }).count()).toBe(0);

    // Cancel changes nothing; confirming removes.
    await members.getByRole('button', { name: 'Remove Mia Member' }).click();
    const dialog = admin.getByRole('alertdialog', {
      name: `Remove Mia Member from Field crew ${id}?`,
    });
    await dialog.getByText('Their account and all their learning stay theirs').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await members.getByRole('listitem').count()).toBe(3);
    await members.getByRole('button', { name: 'Remove Mia Member' }).click();
    await dialog.getByRole('button', { name: 'Remove from team' }).click();
    await expect
      .poll(() => members.getByRole('listitem').allTextContents())
      .toEqual([expect.stringContaining('Olga Owner'), expect.stringContaining('Adam Admin')]);

    // Mia's Teams page no longer lists the team, and its page is not hers to open.
    const member = await people.member.newPage();
    await member.goto('/teams');
    await member.getByText('You are not in a team yet').waitFor();
    expect((await people.member.request.get(`/api/teams/${slug}`)).status()).toBe(404);
    for (const ctx of Object.values(people)) await ctx.close();
  });

  it('an admin assigns a topic and moves its due date; a member finds it on Today and completes it; the admin sees it done and downloads the CSV', async () => {
    const id = unique();
    const [alice, bob] = [`alice-${id}@example.com`, `bob-${id}@example.com`] as const;
    const ownerCtx = await signedInContext(j.browser, j.server, 'Olga Owner', undefined, {
      verified: true,
    });
    const owner = await ownerCtx.newPage();
    await owner.goto('/teams');
    await owner.getByLabel('Team name').fill(`Sales ${id}`);
    await owner.getByRole('button', { name: 'Create team' }).click();
    const slug = `sales-${id}`;
    await owner.waitForURL((u) => u.pathname === `/teams/${slug}`);
    await owner.getByLabel('Email addresses').fill(`${alice}\n${bob}`);
    await owner.getByRole('button', { name: 'Send 2 invitations' }).click();
    await owner.getByText(`2 invitations sent: ${alice}, ${bob}.`).waitFor();
    const members: Record<string, { ctx: BrowserContext; page: Page }> = {};
    for (const [name, email] of [
      ['Alice Adams', alice],
      ['Bob Brown', bob],
    ] as const) {
      const them = await openInvitation(name, email);
      await them.page.getByRole('button', { name: `Join Sales ${id}` }).click();
      await them.page.waitForURL((u) => u.pathname === `/teams/${slug}`);
      // Before anything is assigned, the member's page says so, and shows what admins see.
      await them.page.getByText('Nothing is assigned to you.').waitFor();
      await them.page
        .getByRole('heading', { name: 'What the team’s admins see about you' })
        .waitFor();
      members[email] = them;
    }

    // The owner assigns Conditionals to the whole team, due in a week, with a note.
    await owner.reload();
    const due = addDays(zoneDayKey(new Date(), 'UTC'), 7);
    const form = owner.getByRole('region', { name: 'Assign work' });
    await form.getByLabel('Kind').selectOption({ label: 'Grammar topic' });
    await form.getByLabel('Grammar topic').selectOption({ label: topic.title });
    await form.getByText('Done when: a topic quiz scored above 50%.').waitFor();
    await form.getByLabel(/^Due date/).fill(due);
    await form.getByLabel(/^Note for members/).fill('Before the pricing calls');
    await form.getByRole('button', { name: 'Assign' }).click();
    await form.getByText(`${topic.title} assigned to the whole team.`).waitFor();
    const assigned = owner.getByTestId('team-assignment').filter({ hasText: topic.title });
    await assigned.getByText('0 of 3 done').waitFor();

    // The owner moves the due date a week later and rewords the note; the row shows both.
    const later = addDays(due, 7);
    await assigned.getByRole('button', { name: `Edit the assignment ${topic.title}` }).click();
    const edit = owner.getByRole('dialog', { name: `Edit “${topic.title}”` });
    expect(await edit.getByLabel(/^Due date/).inputValue()).toBe(due);
    await edit.getByLabel(/^Due date/).fill(later);
    await edit.getByLabel(/^Note for members/).fill('Before the pricing calls on Monday');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await assigned.getByText(`due ${formatDue(later)}`, { exact: false }).waitFor();
    await assigned.getByText('“Before the pricing calls on Monday”').waitFor();

    // Alice finds it on Today, starts it there, and passes the quiz.
    const a = members[alice]!.page;
    await a.goto('/');
    const today = a.getByTestId('today-assignments');
    await today.getByText(topic.title, { exact: true }).waitFor();
    await today.getByText(`Due ${formatDue(later)}`, { exact: false }).waitFor();
    await today.getByRole('link', { name: `Start: ${topic.title}` }).click();
    await a.waitForURL((u) => u.pathname === '/grammar/conditionals');
    await a.getByRole('main').getByRole('link', { name: 'Practice', exact: true }).first().click();
    await takeTopicQuiz(a, topic, () => true);
    await a.getByText(/Saved: \d+ points added to your total\./).waitFor();
    // Her Teams page lists it done, and Today no longer asks for it.
    await a.goto('/teams');
    const mine = a
      .getByTestId('my-assignments')
      .getByRole('listitem')
      .filter({ hasText: topic.title });
    await mine.getByText('Done').waitFor();
    await a.goto('/');
    await a.getByTestId('today').waitFor();
    await a
      .getByTestId('today-goal')
      .getByText(/of \d+ points/)
      .waitFor();
    expect(await a.getByTestId('today-assignments').count()).toBe(0);

    // The owner sees it done for Alice, and not for Bob.
    await owner.reload();
    await assigned.getByText('1 of 3 done').waitFor();
    await assigned.getByText('Status by member').click();
    const aliceRow = assigned.getByRole('listitem').filter({ hasText: 'Alice Adams' });
    await aliceRow.getByText('Done').waitFor();
    await assigned
      .getByRole('listitem')
      .filter({ hasText: 'Bob Brown' })
      .getByText('Not started')
      .waitFor();
    const progress = owner.getByRole('region', { name: 'Progress' });
    await progress
      .getByRole('row', { name: /Alice Adams/ })
      .getByText('1 of 1 done')
      .waitFor();

    // The CSV is one table: a header and a row per member, the assignment counts on it.
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      progress.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${slug}-progress.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).split('\r\n');
    expect(csv[0]).toMatch(/^"name","email","role","points .*,"assignments overdue",/);
    expect(csv.slice(0, -1)).toHaveLength(4);
    const row = (name: string) => csv.find((l) => l.startsWith(`"${name}",`)) ?? '';
    expect(row('Alice Adams')).toContain(`,"${alice}","member",`);
    const at = csv[0]!.split(',').indexOf('"assignments"');
    const counts = (name: string) =>
      row(name)
        .split(',')
        .slice(at, at + 3)
        .join(',');
    expect(counts('Alice Adams')).toBe('1,1,0');
    expect(counts('Bob Brown')).toBe('1,0,0');
    for (const ctx of [ownerCtx, ...Object.values(members).map((m) => m.ctx)]) await ctx.close();
  });
});
