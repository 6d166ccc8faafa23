import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../core/dates';
import { zoneDayKey } from '../core/progress/dashboard';
import { confirmAddress, journey, signedInContext } from './support';

/**
 * Issue 29: a team that onboards in one step (docs/decisions/040-team-onboarding.md). The
 * invitation names the team and who invited, signing up keeps the invited address and comes
 * back to the invitation, joining lands at the top of the team page with a welcome, work due
 * soon leads Today; the join link; and an owner's account deletion that asks about her team.
 */

// Behind a trusted proxy, so each person signs in from an address of their own.
const j = journey({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

async function must<T>(
  res: Promise<{ status(): number; json(): Promise<unknown>; text(): Promise<string> }>,
): Promise<T> {
  const r = await res;
  if (r.status() >= 300) throw new Error(`setup: ${r.status()} ${await r.text()}`);
  return (await r.json()) as T;
}

/** An owner with a confirmed address and a team; her request context and the team's address. */
async function ownerWithTeam(name: string, teamName: string) {
  const id = unique();
  const email = `olga-${id}@example.com`;
  const ctx = await signedInContext(j.browser, j.server, 'Olga Owner', email, { verified: true });
  const slug = `team-${id}`;
  const api = (method: 'post' | 'put' | 'get', path: string, data?: unknown) =>
    must<Record<string, unknown>>(
      (ctx.request as APIRequestContext)[method](path, {
        data,
        headers: { Origin: j.server.url },
      }),
    );
  await api('post', '/api/teams', { name: teamName, slug });
  return { ctx, email, slug, api, id, name };
}

async function newContext(size: typeof PHONE | typeof DESKTOP): Promise<BrowserContext> {
  return j.browser.newContext({ baseURL: j.server.url, serviceWorkers: 'block', ...size });
}

async function invitationLink(email: string): Promise<string> {
  const [mail] = await j.server.query<{ link: string; subject: string; text_body: string }>(
    "select link, subject, text_body from mail_outbox where to_address = ? and kind = 'team-invitation' order by created_at desc limit 1",
    [email],
  );
  if (!mail) throw new Error(`no invitation mail went to ${email}`);
  return mail.link;
}

describe('team onboarding', () => {
  it('on a phone: the invitation names the team and inviter, sign-up keeps the address and comes back, joining welcomes at the top, and due work leads Today', async () => {
    const owner = await ownerWithTeam('Olga Owner', 'Acme Sales');
    const hire = `nina-${owner.id}@example.com`;
    await owner.api('post', `/api/teams/${owner.slug}/invitations/bulk`, {
      emails: hire,
      role: 'member',
    });
    // Two assignments due soon: tomorrow and the day after.
    const today = zoneDayKey(new Date(), 'UTC');
    for (const [contentId, days] of [
      ['conditionals', 1],
      ['articles', 2],
    ] as const)
      await owner.api('post', `/api/teams/${owner.slug}/assignments`, {
        kind: 'topic',
        contentId,
        dueOn: addDays(today, days),
      });

    // The mail names the team and the inviter with her confirmed address.
    const [mail] = await j.server.query<{ subject: string; text_body: string }>(
      "select subject, text_body from mail_outbox where to_address = ? and kind = 'team-invitation'",
      [hire],
    );
    expect(mail?.subject).toBe('Join “Acme Sales” on Skillway');
    expect(mail?.text_body).toContain(
      `Olga Owner (${owner.email}) invited you to join “Acme Sales”`,
    );

    // Signed out, the page says the same, and "Create account" keeps the invited address.
    const ctx = await newContext(PHONE);
    const page = await ctx.newPage();
    const link = new URL(await invitationLink(hire));
    await page.goto(link.pathname);
    await page.getByRole('heading', { name: 'Acme Sales' }).waitFor();
    await page.getByText(`(${owner.email}) invited you to join as a member`).waitFor();
    await page.getByText(hire).first().waitFor();
    // What joining shares, before any account; nothing to decline yet.
    await page.getByText('Nobody in the team sees:').waitFor();
    expect(await page.getByTestId('page-purpose').textContent()).toBe(
      'Join the team you were invited to.',
    );
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/user/login');
    expect(await page.getByLabel('Email address').inputValue()).toBe(hire);
    // The form says which team it is for, without the guest pitch.
    await page
      .getByText('Create your account to join Acme Sales, invited by Olga Owner.')
      .waitFor();
    expect(await page.getByText('You can practice without an account').count()).toBe(0);
    await page.getByLabel('Your name').fill('Nina New');
    await page.getByLabel('Password').fill('nina learner password');
    await page.getByRole('main').getByRole('button', { name: 'Create account' }).click();

    // Back on the invitation, not onboarding: joining comes first.
    await page.waitForURL((u) => u.pathname === link.pathname);
    const join = page.getByRole('button', { name: 'Join Acme Sales' });
    await join.waitFor();
    // The answer comes right after who invited, before what the team sees.
    const joinBox = await join.boundingBox();
    const privacyBox = await page.getByText('What the team will see about you').boundingBox();
    expect(joinBox!.y).toBeLessThan(privacyBox!.y);
    await join.click();
    await page.waitForURL((u) => u.pathname === `/teams/${owner.slug}`);
    const welcome = page.getByTestId('team-welcome');
    await welcome.getByRole('heading', { name: 'Welcome to Acme Sales' }).waitFor();
    await welcome.getByRole('link', { name: /^Start / }).waitFor();
    await welcome.getByRole('link', { name: 'Set your level and daily goal' }).waitFor();
    // At the top of the page, the welcome in view.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await welcome.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);

    // Today: the work due tomorrow is Continue, the other due-soon work comes right after it,
    // before the day's facts.
    await page.goto('/');
    const continueCard = page.getByTestId('continue');
    await continueCard.getByText('Assigned to you').waitFor();
    const assigned = page.getByTestId('today-assignments');
    await assigned.waitFor();
    const order = await page.evaluate(() => {
      const ids = ['continue', 'today-assignments', 'today-facts'];
      const els = ids.map((id) => document.querySelector(`[data-testid="${id}"]`));
      return els.map((el) => (el ? el.getBoundingClientRect().top : -1));
    });
    expect(order[0]).toBeLessThan(order[1]!);
    expect(order[1]).toBeLessThan(order[2]!);
    await ctx.close();
    await owner.ctx.close();
  });

  it('on a desktop: an admin turns the join link on for one domain, others are told why not, a colleague joins, a new link retires the old, and it turns off', async () => {
    const owner = await ownerWithTeam('Olga Owner', 'Field Crew');
    const ownerPage = await owner.ctx.newPage();
    await ownerPage.setViewportSize(DESKTOP.viewport);
    await ownerPage.goto(`/teams/${owner.slug}`);
    const card = ownerPage.getByTestId('join-link');
    await card.getByLabel('Only addresses at this domain (optional)').fill('@Acme.Example');
    await card.getByRole('button', { name: 'Turn on join link' }).click();
    const linkBox = card.getByTestId('join-link-url');
    await linkBox.waitFor();
    const url = new URL((await linkBox.textContent()) ?? '');
    expect(url.pathname).toMatch(/^\/teams\/join\/[A-Za-z0-9_-]{32}$/);
    await card.getByText('confirmed address at acme.example').waitFor();

    // Someone at another domain reads why they cannot join.
    const stranger = await signedInContext(j.browser, j.server, 'Sam Stranger');
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(url.pathname);
    await strangerPage.getByRole('heading', { name: 'Field Crew' }).waitFor();
    await strangerPage.getByText('open to confirmed addresses at acme.example').waitFor();
    await strangerPage.getByText('Run by Olga Owner').waitFor();
    // Before any click: why not, in place of the Join button.
    await strangerPage
      .getByText('This link is for addresses at acme.example. Sign in with one to join.')
      .waitFor();
    expect(await strangerPage.getByRole('button', { name: 'Join Field Crew' }).count()).toBe(0);

    // A colleague at acme.example, confirmed, joins and is welcomed.
    const colleagueEmail = `cole-${owner.id}@acme.example`;
    const colleague = await signedInContext(j.browser, j.server, 'Cole Colleague', colleagueEmail);
    await confirmAddress(colleague, j.server, colleagueEmail);
    const colleaguePage = await colleague.newPage();
    await colleaguePage.setViewportSize(DESKTOP.viewport);
    await colleaguePage.goto(url.pathname);
    await colleaguePage.getByRole('button', { name: 'Join Field Crew' }).click();
    await colleaguePage.waitForURL((u) => u.pathname === `/teams/${owner.slug}`);
    await colleaguePage.getByRole('heading', { name: 'Welcome to Field Crew' }).waitFor();

    // A new link: the old one stops working.
    await card.getByRole('button', { name: 'Make a new link' }).click();
    await card.getByText('A new link is ready. The old one no longer works.').waitFor();
    await expect.poll(() => linkBox.textContent()).not.toBe(url.href);
    await strangerPage.goto(url.pathname);
    await strangerPage.getByRole('heading', { name: 'This join link does not work' }).waitFor();
    // Off: nothing to copy, and the form to turn it on again.
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByRole('button', { name: 'Turn on join link' }).waitFor();
    expect(await card.getByTestId('join-link-url').count()).toBe(0);
    for (const c of [owner.ctx, stranger, colleague]) await c.close();
  });

  it('on a phone: an owner alone is led to invite; a new account from a domain join link confirms its address through the mail and comes back to join', async () => {
    const owner = await ownerWithTeam('Olga Owner', 'Harbor Ops');
    const ownerPage = await owner.ctx.newPage();
    await ownerPage.setViewportSize(PHONE.viewport);
    await ownerPage.goto(`/teams/${owner.slug}`);
    // Alone in the team: inviting leads, progress and assignments wait for a member.
    const invite = ownerPage.getByRole('heading', { name: 'Invite people' });
    const empty = ownerPage.getByTestId('team-empty');
    await empty.getByText('Progress and assignments appear once someone joins.').waitFor();
    expect((await invite.boundingBox())!.y).toBeLessThan((await empty.boundingBox())!.y);
    expect(await ownerPage.getByRole('heading', { name: 'Assign work' }).count()).toBe(0);
    // Only valid, unique addresses are counted.
    await ownerPage
      .getByLabel('Email addresses')
      .fill('a@x.example, A@x.example, nope, b@x.example');
    await ownerPage.getByRole('button', { name: 'Send 2 invitations' }).waitFor();
    await ownerPage.getByLabel('Email addresses').fill('');
    const card = ownerPage.getByTestId('join-link');
    await card.getByLabel('Only addresses at this domain (optional)').fill('harbor.example');
    await card.getByRole('button', { name: 'Turn on join link' }).click();
    const url = new URL((await card.getByTestId('join-link-url').textContent()) ?? '');

    // A colleague opens the link signed out and creates an account from it.
    const email = `hana-${owner.id}@harbor.example`;
    const ctx = await newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(url.pathname);
    await page.getByRole('heading', { name: 'Harbor Ops' }).waitFor();
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/user/login');
    await page.getByText('Create your account to join Harbor Ops.').waitFor();
    await page.getByLabel('Your name').fill('Hana Harbor');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('hana learner password');
    await page.getByRole('main').getByRole('button', { name: 'Create account' }).click();

    // Back on the join page: not confirmed yet, so the way forward instead of Join.
    await page.waitForURL((u) => u.pathname === url.pathname);
    await page.getByText('Confirm your address to join.').waitFor();
    expect(await page.getByRole('button', { name: 'Join Harbor Ops' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await page.getByText(`Sent to ${email}.`).waitFor();
    const mails = await j.server.query<{ link: string }>(
      "select link from mail_outbox where to_address = ? and kind = 'verify-email' order by created_at desc",
      [email],
    );
    expect(mails.length).toBe(2);

    // The mailed link confirms the address and returns to the join page; she joins.
    const mailed = new URL(mails[0]!.link);
    await page.goto(`${mailed.pathname}${mailed.search}`);
    await page.waitForURL((u) => u.pathname === url.pathname);
    await page.getByRole('button', { name: 'Join Harbor Ops' }).click();
    await page.waitForURL((u) => u.pathname === `/teams/${owner.slug}`);
    const welcome = page.getByTestId('team-welcome');
    await welcome
      .getByText(
        'You’re in! When your team assigns you something, it shows up here and at the top of Today. Until then, keep practicing as usual.',
      )
      .waitFor();
    expect(await page.getByTestId('page-purpose').textContent()).toBe('');

    // With a member, the owner's page shows progress again.
    await ownerPage.reload();
    await ownerPage.getByRole('heading', { name: 'Assign work' }).waitFor();
    expect(await ownerPage.getByTestId('team-empty').count()).toBe(0);
    for (const c of [owner.ctx, ctx]) await c.close();
  });

  it('deleting the account of a team’s owner asks who takes the team over, and the pending invitation still works after', async () => {
    const owner = await ownerWithTeam('Olga Owner', 'Book Club');
    const memberEmail = `mia-${owner.id}@example.com`;
    const member = await signedInContext(j.browser, j.server, 'Mia Member', memberEmail);
    const { invited } = (await owner.api('post', `/api/teams/${owner.slug}/invitations/bulk`, {
      emails: memberEmail,
      role: 'member',
    })) as { invited: string[] };
    expect(invited).toEqual([memberEmail]);
    const memberLink = new URL(await invitationLink(memberEmail));
    await must(
      member.request.post(`/api/teams/invitations/${memberLink.pathname.split('/').pop()}/accept`, {
        headers: { Origin: j.server.url },
      }),
    );
    const lateEmail = `late-${owner.id}@example.com`;
    await owner.api('post', `/api/teams/${owner.slug}/invitations/bulk`, {
      emails: lateEmail,
      role: 'member',
    });
    const lateLink = new URL(await invitationLink(lateEmail));

    {
      const page: Page = await owner.ctx.newPage();
      await page.setViewportSize(PHONE.viewport);
      await page.goto('/activity/edit-your-profile');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      const teams = dialog.getByTestId('owned-teams');
      await teams.getByText('You are the only owner of a team.').waitFor();
      await teams
        .getByText('1 open invitation, which stay valid under the new owner', { exact: false })
        .waitFor();
      await dialog.getByLabel('Type your email address to confirm').fill(owner.email);
      await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
      await dialog.getByText('Choose who takes over Book Club, or delete it.').waitFor();
      await teams.getByLabel('Hand it over to').check();
      expect(await teams.getByLabel('New owner of Book Club').inputValue()).not.toBe('');
      await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByText('Your account and everything kept with it have been deleted.').waitFor();
    }

    // Mia owns the team now; the invitation sent before still works for someone signing up later.
    const miaPage = await member.newPage();
    await miaPage.goto(`/teams/${owner.slug}`);
    await miaPage.getByText('You own this team').waitFor();
    const late = await newContext(DESKTOP);
    const latePage = await late.newPage();
    await latePage.goto(lateLink.pathname);
    await latePage.getByText(`(${memberEmail}) invited you to join as a member`).waitFor();
    await latePage.getByRole('link', { name: 'Create account' }).click();
    await latePage.getByLabel('Your name').fill('Lee Late');
    await latePage.getByLabel('Password').fill('lee learner password');
    await latePage.getByRole('main').getByRole('button', { name: 'Create account' }).click();
    await latePage.waitForURL((u) => u.pathname === lateLink.pathname);
    await latePage.getByRole('button', { name: 'Join Book Club' }).click();
    await latePage.getByRole('heading', { name: 'Welcome to Book Club' }).waitFor();
    for (const c of [owner.ctx, member, late]) await c.close();
  });
});
