import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

export interface Mail {
  to: string;
  kind:
    | 'verify-email'
    | 'reset-password'
    | 'team-invitation'
    | 'change-email'
    | 'email-in-use'
    | 'email-changed'
    | 'reminder';
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about, kept for the dev outbox and its log line. */
  link: string;
  /** Extra headers, e.g. a reminder's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
}

/**
 * SMTP when SMTP_URL is set; otherwise a development outbox: the mail is stored in
 * `mail_outbox` and one log line carries its link, so a self-hoster without SMTP can
 * still verify and reset (and /dev/mail lists them when DEV_OUTBOX=1).
 */
export function createMailer(config: Config, db: Db, logger: Logger): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from: config.mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        logger.info({ kind: mail.kind }, 'mail sent');
      },
    };
  }
  return {
    transport: 'outbox',
    async send(mail) {
      await db
        .insertInto('mail_outbox')
        .values({
          id: crypto.randomUUID(),
          to_address: mail.to,
          kind: mail.kind,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          link: mail.link,
          created_at: new Date().toISOString(),
        })
        .execute();
      logger.info(
        { kind: mail.kind, to: mail.to, link: mail.link },
        'mail stored in the dev outbox (no SMTP_URL)',
      );
    },
  };
}
