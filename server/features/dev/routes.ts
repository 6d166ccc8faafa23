import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { isLoopbackHost } from '../../config';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { permissionDenied } from '../../http/errors';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const MAIL_LINK_LABEL = {
  'verify-email': 'Confirm email address',
  'reset-password': 'Choose a new password',
  'team-invitation': 'Open the invitation',
  'change-email': 'Confirm new address',
  'email-in-use': 'Log in',
  'email-changed': 'Open Skillway',
} as const;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports 127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** The name a Host header asks for, without its port ("[::1]:3000" → "[::1]"). */
function hostName(host: string | undefined): string {
  if (!host) return '';
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}

/**
 * /dev/mail: the outbox of mails not sent (no SMTP_URL), reset links included. Mounted only
 * when asked for (DEV_OUTBOX=1, see config.ts), and answered only to this machine: a
 * loopback socket, with no proxy header, asking for a loopback Host name. Behind a proxy on
 * the same host every client's socket is loopback, and a plain nginx `proxy_pass`, an SSH
 * tunnel or socat forwards without headers — but not to a Host named localhost.
 */
export function devMailRoutes(db: Db) {
  return new Hono<AppEnv>().get('/mail', async (c) => {
    const forwarded =
      c.req.header('x-forwarded-for') !== undefined ||
      c.req.header('forwarded') !== undefined ||
      c.req.header('x-real-ip') !== undefined;
    if (
      forwarded ||
      !isLoopback(getConnInfo(c).remote.address) ||
      !isLoopbackHost(hostName(c.req.header('host')))
    )
      throw permissionDenied('The dev outbox is served only to loopback clients (this machine).');
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
<p>${m.link ? `<a href="${escape(m.link)}">${escape(MAIL_LINK_LABEL[m.kind as keyof typeof MAIL_LINK_LABEL] ?? 'Open link')}</a>` : ''}</p>
<details><summary>Text</summary><pre>${escape(m.text_body)}</pre></details></li>`,
      )
      .join('');
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox · Skillway</title></head>
<body><main><h1>Dev outbox</h1><p>Mails Skillway would have sent. Set SMTP_URL to send real mail; this page exists only when DEV_OUTBOX=1 and answers only to this machine.</p>
${mails.length === 0 ? '<p>No mail yet.</p>' : `<ol>${rows}</ol>`}</main></body></html>`);
  });
}
