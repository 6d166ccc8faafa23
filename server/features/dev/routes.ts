import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** /dev/mail: the outbox of mails not sent (no SMTP_URL). Mounted only outside production. */
export function devMailRoutes(db: Db) {
  return new Hono<AppEnv>().get('/mail', async (c) => {
    const mails = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
    const rows = mails
      .map(
        (
          m,
        ) => `<li><p><strong>${escape(m.subject)}</strong> → ${escape(m.to_address)} <small>${escape(m.created_at)}</small></p>
<p>${m.link ? `<a href="${escape(m.link)}">${escape(m.kind === 'verify-email' ? 'Confirm email address' : 'Choose a new password')}</a>` : ''}</p>
<details><summary>Text</summary><pre>${escape(m.text_body)}</pre></details></li>`,
      )
      .join('');
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox · Skillway</title></head>
<body><main><h1>Dev outbox</h1><p>Mails Skillway would have sent. Set SMTP_URL to send real mail; this page does not exist in production.</p>
${mails.length === 0 ? '<p>No mail yet.</p>' : `<ol>${rows}</ol>`}</main></body></html>`);
  });
}
