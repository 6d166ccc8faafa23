import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../server/content/catalog';
import { openDb } from '../server/db/client';
import { bulkTeam } from '../server/features/teams/bulk-team';
import { journey, root, signedInContext } from './support';

const catalog = loadCatalog(join(root, 'content'));
const topic = [...catalog.grammar.topics.values()][0]!;
const skill = catalog.skills!.skills[0]!;
const profileName = (id: string) => catalog.skills!.targetProfiles.find((p) => p.id === id)!.name;

// Behind a trusted proxy, so each person signs in from an address of their own.
const j = journey({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

/** A write from `ctx` as the app makes it: same origin, JSON. */
async function send(ctx: BrowserContext, method: string, path: string, data: unknown) {
  const res = await ctx.request.fetch(path, {
    method,
    data,
    headers: { Origin: j.server.url },
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res;
}

/** A team of an owner and a designer on the Tech track who has practiced and rated a skill. */
async function teamWithDesigner() {
  const id = unique();
  const slug = `studio-${id}`;
  const owner = await signedInContext(j.browser, j.server, 'Olga Owner', undefined, {
    verified: true,
  });
  await send(owner, 'POST', '/api/teams', { name: `Studio ${id}`, slug });
  const email = `dana-${id}@example.com`;
  const dana = await signedInContext(j.browser, j.server, 'Dana Designer', email);
  await send(owner, 'POST', `/api/teams/${slug}/invitations`, { email, role: 'member' });
  const [mail] = await j.server.query<{ link: string }>(
    "select link from mail_outbox where to_address = ? and kind = 'team-invitation' order by created_at desc limit 1",
    [email],
  );
  const invitation = new URL(mail!.link).pathname.split('/').pop()!;
  await send(dana, 'POST', `/api/teams/invitations/${invitation}/accept`, {});
  await send(dana, 'PATCH', '/api/profile', { field: 'profession', value: 'Tech' });
  await send(dana, 'PUT', `/api/skills/${skill.id}`, { score: 1 });
  // Points this week and in the owner's weeks, so the team chart shows.
  for (const [ctx, q] of [
    [dana, topic.questions[0]!],
    [owner, topic.questions[1]!],
  ] as const)
    await send(ctx, 'POST', '/api/grammar/answers?tz=UTC', {
      questionId: q.id,
      choiceIndex: q.correctIndex,
    });
  return { slug, owner, dana, email };
}

/** The week labels under the team chart, as laid out: text, box, and whether shown. */
async function weekLabels(page: Page) {
  return page
    .getByTestId('week-labels')
    .locator(':scope > span > span')
    .evaluateAll((spans) =>
      spans.map((s) => {
        const r = s.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(s).lineHeight);
        return {
          text: s.textContent ?? '',
          left: r.left,
          right: r.right,
          height: r.height,
          line,
          shown: getComputedStyle(s.parentElement!).visibility === 'visible',
        };
      }),
    );
}

describe('the team report', () => {
  it('measures each member against their own target role, labels its weeks on one line at every width, and exports one table', async () => {
    const { slug, owner, dana, email } = await teamWithDesigner();
    const page = await owner.newPage();
    const progress = page.getByRole('region', { name: 'Progress' });

    for (const width of [320, 390, 1366]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await page.goto(`/teams/${slug}`);
      await progress.getByText('Team points per week').waitFor();

      // Dana (Tech) is measured against Tech, not the first profile in the file.
      const danaRow =
        width > 1000
          ? progress.getByRole('row', { name: /Dana Designer/ })
          : progress.getByRole('listitem').filter({ hasText: 'Dana Designer' });
      await danaRow.getByText(`Target role: ${profileName('tech')}`).waitFor();
      await danaRow.getByText(/^Biggest gap: /).waitFor();

      // Every label on one line, this week's among them, none overlapping, nothing sideways.
      const labels = await weekLabels(page);
      expect(labels).toHaveLength(8);
      expect(labels.at(-1)).toMatchObject({ text: 'This week', shown: true });
      const shown = labels.filter((l) => l.shown);
      expect(shown.length, `labels at ${width}`).toBeGreaterThanOrEqual(width > 1000 ? 8 : 4);
      for (const l of shown) expect(l.height, `"${l.text}" at ${width}`).toBeLessThan(l.line * 1.5);
      for (let i = 1; i < shown.length; i++)
        expect(shown[i]!.left, `${shown[i]!.text} at ${width}`).toBeGreaterThan(
          shown[i - 1]!.right,
        );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `no sideways scroll at ${width}`,
      ).toBe(true);
    }

    // By default each member's own target; the admin may pick one for everyone.
    const picker = progress.getByLabel('Skills measured against');
    expect(await picker.locator('option:checked').textContent()).toBe('Their own target role');
    await picker.selectOption({ label: `${profileName('entrepreneurial')} for everyone` });
    await progress
      .getByRole('row', { name: /Dana Designer/ })
      .getByText(`Target role: ${profileName('entrepreneurial')}`)
      .waitFor();
    await picker.selectOption({ label: 'Their own target role' });
    await progress
      .getByRole('row', { name: /Dana Designer/ })
      .getByText(`Target role: ${profileName('tech')}`)
      .waitFor();

    // The CSV: one header row and one row per member, the target used in its own column.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      progress.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toHaveLength(3);
    const header = lines[0]!.split(',');
    const danaLine = lines.find((l) => l.includes(`"${email}"`))!;
    const fields = danaLine.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(fields).toHaveLength(header.length);
    expect(fields[header.indexOf('"skills target"')]).toBe(`"${profileName('tech')}"`);

    // Dana's own page says the same, in words a colleague would use.
    const mine = await dana.newPage();
    await mine.goto(`/teams/${slug}`);
    const hers = mine.getByRole('region', { name: 'What the team’s admins see about you' });
    await hers.getByText(`Target role: ${profileName('tech')}`).waitFor();
    expect(await hers.getByLabel('Skills measured against').count()).toBe(0);
    await owner.close();
    await dana.close();
  });

  it('pages a large team: the team at a glance, then 50 members at a time, searched, filtered and sorted, by keyboard too', async () => {
    const id = unique();
    const slug = `big-${id}`;
    const email = `olga-${id}@example.com`;
    const owner = await signedInContext(j.browser, j.server, 'Olga Owner', email, {
      verified: true,
    });
    const [me] = await j.server.query<{ id: string }>('select id from "user" where email = ?', [
      email,
    ]);
    const handle = openDb({
      databaseUrl: j.server.databaseUrl ?? undefined,
      dataDir: j.server.dataDir,
    });
    try {
      await bulkTeam(handle.db, {
        slug,
        ownerId: me!.id,
        size: 60,
        topics: [...catalog.grammar.topics.values()].map((t) => t.topic),
      });
    } finally {
      await handle.db.destroy();
    }
    // Due long ago: overdue for whoever has not scored above the mark in the first topic.
    await send(owner, 'POST', `/api/teams/${slug}/assignments`, {
      kind: 'topic',
      contentId: topic.topic,
      dueOn: '2020-01-01',
    });

    const page = await owner.newPage();
    for (const width of [320, 1366]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await page.goto(`/teams/${slug}`);
      const progress = page.getByRole('region', { name: 'Progress' });
      // The overview counts everyone; the table holds the first 50.
      await progress.getByText('61', { exact: true }).waitFor();
      const shown = progress.getByRole('status');
      await shown.getByText('1–50 of 61 members').waitFor();
      const rows =
        width > 1000
          ? progress.getByRole('row').filter({ has: page.getByRole('rowheader') })
          : progress.getByRole('listitem').filter({ hasText: '@example' });
      expect(await rows.count()).toBe(50);
      expect(await page.evaluate(() => window.scrollY), 'the page opens at its top').toBe(0);
      await progress.getByRole('heading', { name: 'Member progress', level: 3 }).waitFor();

      // Each address on one line, cut with an ellipsis, the whole of it in its title.
      const address = rows.first().getByText(/@example/);
      const box = await address.evaluate((el) => ({
        title: el.getAttribute('title'),
        text: el.textContent,
        height: el.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(box.title).toBe(box.text);
      expect(box.height, `one line of address at ${width}`).toBeLessThan(box.line * 1.5);

      // Each "·" part of an assignment's line stays whole.
      const tally = page
        .getByTestId('team-assignment')
        .first()
        .getByText(/^\d+ of \d+ done$/);
      const tallyBox = await tally.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(tallyBox.height).toBeLessThan(tallyBox.line * 1.5);

      if (width > 1000) {
        // On a large screen the report uses the width there is, its figures on one line.
        const wide = await progress.evaluate((el) => el.getBoundingClientRect().width);
        expect(wide, 'the report reaches out past the 64rem column').toBeGreaterThan(1200);
        const cells = await rows.evaluateAll((trs) =>
          trs.map((tr) => {
            const lines = (el: Element | null | undefined) =>
              el
                ? el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)
                : 0;
            const td = tr.querySelectorAll('td');
            return {
              row: tr.getBoundingClientRect().height,
              assignments: lines(td[4]?.firstElementChild),
              skills: Math.max(...[...(td[5]?.children ?? [])].map(lines), 0),
            };
          }),
        );
        for (const c of cells) {
          expect(c.assignments, 'assignments on one line').toBeLessThan(1.5);
          expect(c.skills, 'each line of skills unwrapped').toBeLessThan(1.5);
          expect(c.row, 'a row is its name and address').toBeLessThan(80);
        }
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `no sideways scroll at ${width}`,
      ).toBe(true);

      // The next page by keyboard: the count above the table is where it lands.
      const next = progress.getByRole('button', { name: 'Next' });
      await next.focus();
      await page.keyboard.press('Enter');
      await shown.getByText('51–61 of 61 members').waitFor();
      expect(await rows.count()).toBe(11);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
        'status',
      );
      const top = await shown.boundingBox();
      expect(top!.y, 'the new page is shown from its top').toBeLessThan(200);

      // Search by name, then only the overdue ones among them, then sort by points.
      await progress.getByLabel('Search members').fill('zoe');
      await shown.getByText('6 matching members').waitFor();
      await progress.getByRole('button', { name: 'Overdue work', exact: true }).click();
      await shown.getByText(/^\d+ matching members?$|No member matches/).waitFor();

      // Nothing matches: no empty table, and one button back to everyone.
      await progress.getByLabel('Search members').fill('nobody-here');
      await shown.getByText('No member matches these filters.').waitFor();
      expect(await progress.getByRole('table').count()).toBe(0);
      expect(await progress.getByRole('columnheader').count()).toBe(0);
      await progress.getByRole('button', { name: 'Clear search and filters' }).click();
      await shown.getByText('1–50 of 61 members').waitFor();
      expect(await progress.getByLabel('Search members').inputValue()).toBe('');
      expect(
        await progress
          .getByRole('button', { name: 'Overdue work', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('false');
      await page.waitForTimeout(400);
      await shown.getByText('1–50 of 61 members').waitFor();

      await progress.getByLabel('Search members').fill('zoe');
      await shown.getByText('6 matching members').waitFor();
      await progress.getByRole('button', { name: 'Overdue work', exact: true }).click();
      await shown.getByText(/^\d+ matching members?$|No member matches/).waitFor();
      expect(
        await progress
          .getByRole('button', { name: 'Overdue work', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await progress.getByLabel('Search members').fill('');
      await progress.getByLabel('Sort by').selectOption({ label: 'Points, last 7 days' });
      await shown.getByText(/matching members/).waitFor();
    }
    await owner.close();
  });
});
