import { INVITATION_DAYS, TEAM_NAME_MAX } from '../../core/teams/teams';
import { INVITER_NAME_SHOWN, shownName } from '../../core/teams/onboarding';
import type { Mail } from './mailer';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function html(
  title: string,
  lines: string[],
  button: string,
  link: string,
  footer: string,
  extra = '',
): string {
  const paragraphs = lines.map((l) => `<p style="margin:0 0 16px">${escape(l)}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:system-ui,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:24px auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#1d4ed8">Skillway</p>
<h1 style="margin:0 0 16px;font-size:22px">${escape(title)}</h1>${paragraphs}
<p style="margin:24px 0"><a href="${escape(link)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#475569">If the button does not work, paste this link into your browser:<br><span style="word-break:break-all">${escape(link)}</span></p>
<p style="margin:16px 0 0;font-size:13px;color:#475569">${escape(footer)}</p>${extra}</div></body></html>`;
}

/** One mail in both forms: the lines, then the action (a button in HTML), then the footer. */
function actionMail(m: {
  to: string;
  kind: Mail['kind'];
  subject: string;
  title: string;
  lines: string[];
  /** The button's words, and the text mail's words before the link. */
  button: string;
  textAction: string;
  link: string;
  footer: string;
}): Mail {
  return {
    to: m.to,
    kind: m.kind,
    subject: m.subject,
    text: `${m.lines.join('\n\n')}\n\n${m.textAction}: ${m.link}\n\n${m.footer}\n`,
    html: html(m.title, m.lines, m.button, m.link, m.footer),
    link: m.link,
  };
}

// The mails greet no one by name: the name is whatever the sign-up form was given, and in a
// mail from us it could carry a phishing line to whoever owns the address.

export function verificationMail(to: string, link: string): Mail {
  return actionMail({
    to,
    kind: 'verify-email',
    subject: 'Confirm your email address for Skillway',
    title: 'Confirm your email address',
    lines: [
      'Hello,',
      'Please confirm this is your email address so you can recover your account and keep your progress safe.',
    ],
    button: 'Confirm email address',
    textAction: 'Confirm your address',
    link,
    footer:
      'The link works for 24 hours. If you did not create a Skillway account, ignore this email.',
  });
}

export function resetPasswordMail(to: string, link: string): Mail {
  return actionMail({
    to,
    kind: 'reset-password',
    subject: 'Reset your Skillway password',
    title: 'Reset your password',
    lines: [
      'Hello,',
      'Someone asked to reset the password of your Skillway account. If it was you, choose a new password with the link below.',
    ],
    button: 'Choose a new password',
    textAction: 'Choose a new password',
    link,
    footer:
      'The link works for 1 hour and once only. If you did not ask for this, ignore this email: your password stays the same.',
  });
}

/**
 * An invitation to a team, naming the team and who invited (docs/decisions/040). Both names
 * are text someone typed, so each passes `shownName` (no control or direction characters, no
 * link-like text, cut to length) or is left out; the inviter's confirmed address always
 * follows, since only a confirmed address can invite. The one link is to this server.
 */
export function teamInvitationMail(
  to: string,
  link: string,
  from: { teamName: string; inviterName: string; inviterEmail: string },
): Mail {
  const team = shownName(from.teamName, TEAM_NAME_MAX);
  const inviter = shownName(from.inviterName, INVITER_NAME_SHOWN);
  const who = inviter ? `${inviter} (${from.inviterEmail})` : from.inviterEmail;
  const teamWords = team ? `“${team}”` : 'a team';
  return actionMail({
    to,
    kind: 'team-invitation',
    subject: team ? `Join “${team}” on Skillway` : 'You are invited to a team on Skillway',
    title: team ? `Join “${team}” on Skillway` : 'You are invited to a team',
    lines: [
      'Hello,',
      `${who} invited you to join ${teamWords} on Skillway, to learn alongside your colleagues.`,
      'Open the invitation to see what the team will see about you, and to accept or decline it.',
    ],
    button: 'Open the invitation',
    textAction: 'Open the invitation',
    link,
    footer: `The invitation works for ${INVITATION_DAYS} days. Sign in (or create an account) with this email address to answer it. If you do not know the sender, ignore this email.`,
  });
}

/**
 * The link that moves an account to a new address, sent to that address (decision 043). The
 * address changes only when it is opened.
 */
export function changeEmailMail(to: string, link: string): Mail {
  return actionMail({
    to,
    kind: 'change-email',
    subject: 'Confirm your new email address for Skillway',
    title: 'Confirm your new email address',
    lines: [
      'Hello,',
      'Someone signed in to Skillway asked to use this address for their account. If it was you, confirm it with the link below: the account moves to this address only then.',
    ],
    button: 'Confirm new address',
    textAction: 'Confirm your new address',
    link,
    footer:
      'The link works for 24 hours. If you did not ask for this, ignore this email: nothing changes.',
  });
}

/**
 * Sent instead of the link above when the new address already has an account: only its
 * owner learns that, and the person who asked sees the same answer as for a free address.
 */
export function emailInUseMail(to: string, link: string): Mail {
  return actionMail({
    to,
    kind: 'email-in-use',
    subject: 'This address already has a Skillway account',
    title: 'This address already has an account',
    lines: [
      'Hello,',
      'Someone signed in to Skillway asked to move their account to this address. This address already has its own Skillway account, so nothing changed.',
      'If it was you, log in with this address instead, or choose another address for the other account.',
    ],
    button: 'Log in',
    textAction: 'Log in',
    link,
    footer: 'If you did not ask for this, ignore this email: both accounts stay as they were.',
  });
}

/** "n•••@example.com": enough for the owner to recognize an address, no more. */
function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** The notice to the old address once an account has moved to a new one. */
export function emailChangedMail(to: string, newEmail: string, link: string): Mail {
  return actionMail({
    to,
    kind: 'email-changed',
    subject: 'Your Skillway email address was changed',
    title: 'Your email address was changed',
    lines: [
      'Hello,',
      `The Skillway account that used this address now uses ${maskAddress(newEmail)}. From now on, log in with the new address; mails about the account go there.`,
    ],
    button: 'Open Skillway',
    textAction: 'Open Skillway',
    link,
    footer:
      'If you did not make this change, someone else may be using your account: tell whoever runs this Skillway server.',
  });
}

/**
 * A reminder (issue 30): what it is about and a button to the page, and — in both parts —
 * the one-click way out: a visible link to the unsubscribe page, and the List-Unsubscribe
 * headers (RFC 8058) that let a mail client turn it off without opening anything. It never
 * carries answers, drafts or recordings.
 */
export function reminderMail(m: {
  to: string;
  subject: string;
  title: string;
  lines: string[];
  button: string;
  link: string;
  /** What this mail is, for the footer: "Daily practice reminder". */
  kindName: string;
  /** The page that says what the link turns off (APP_URL/reminders/unsubscribe?t=…). */
  unsubscribePage: string;
  /** The one-click POST target (APP_URL/api/reminders/unsubscribe?t=…). */
  unsubscribePost: string;
  settingsLink: string;
}): Mail {
  const footer = `You get this because you turned on “${m.kindName}” by email in Skillway.`;
  const out = `Turn off this reminder: ${m.unsubscribePage}\nAll reminder settings: ${m.settingsLink}`;
  const outHtml = `<p style="margin:8px 0 0;font-size:13px;color:#475569"><a href="${escape(m.unsubscribePage)}" style="color:#1d4ed8">Turn off this reminder</a> · <a href="${escape(m.settingsLink)}" style="color:#1d4ed8">All reminder settings</a></p>`;
  return {
    to: m.to,
    kind: 'reminder',
    subject: m.subject,
    text: `${m.lines.join('\n\n')}\n\n${m.button}: ${m.link}\n\n${footer}\n${out}\n`,
    html: html(m.title, m.lines, m.button, m.link, footer, outHtml),
    link: m.link,
    headers: {
      'List-Unsubscribe': `<${m.unsubscribePost}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
