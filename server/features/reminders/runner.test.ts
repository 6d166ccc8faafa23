import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../content/catalog';
import { createLogger } from '../../logger';
import { createMailer } from '../../mail/mailer';
import { startTestServer, testDialect, type TestServer } from '../../test/support';
import { createUser } from '../../test/users';
import { startSmtpPeer, type SmtpPeer } from './peers.test-support';
import { webPushSender } from './push';
import { startReminderRunner } from './runner';

const contentDir = join(import.meta.dirname, '..', '..', '..', 'content');
let t: TestServer;
let smtp: SmtpPeer;
beforeAll(async () => {
  t = await startTestServer({ contentDir });
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

describe(`the reminder runner (${testDialect})`, () => {
  it(`runs a pass when the server starts (${testDialect === 'postgres' ? 'a pg-boss job' : 'the in-process timer'}), and stops cleanly`, async () => {
    const user = await createUser(t, { verified: true });
    await t.fetch('/api/reminders', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
      body: JSON.stringify({
        timeZone: 'UTC',
        dailyAt: '09:00',
        kinds: { daily: { email: true } },
      }),
    });
    await t.db.db
      .updateTable('reminder_setting')
      .set({ next_at: '2026-11-27T09:00:00.000Z' })
      .execute();
    const logger = createLogger(t.config);
    const stop = await startReminderRunner(
      {
        db: t.db.db,
        config: t.config,
        catalog: loadCatalog(contentDir),
        mailer: createMailer(
          { ...t.config, mail: { smtpUrl: smtp.url, from: 'r@example.com' } },
          t.db.db,
          logger,
        ),
        push: webPushSender(t.db.db, t.config),
        logger,
      },
      { dialect: t.db.dialect, url: t.config.databaseUrl },
      () => new Date('2026-11-27T09:00:10Z'),
    );
    try {
      await expect.poll(() => smtp.mails.length, { timeout: 20_000, interval: 200 }).toBe(1);
    } finally {
      await stop();
    }
    expect(smtp.mails[0]?.subject).toBe('Time for today’s practice');
  }, 30_000);
});
