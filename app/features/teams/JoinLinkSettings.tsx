import { useId, useState, type FormEvent } from 'react';
import { paths } from '../../../core/paths';
import { type TeamDetail } from '../../../core/teams/teams';
import { joinDomainProblem } from '../../../core/teams/onboarding';
import { copyText, COPY_OK } from '../../lib/clipboard';
import { FormAlert, inputClass, primaryButton, secondaryButton } from '../../ui/form';
import { regenerateJoinLink, setJoinLink, teamError, turnOffJoinLink } from './queries';
import { cardClass } from './parts';

/**
 * An owner's or admin's join link on the team page: off until turned on; then the link to
 * copy, an optional email-domain restriction, a new link (the old stops working) and off.
 */

const cleanDomain = (raw: string) => raw.trim().toLowerCase().replace(/^@/, '');

function DomainField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        Only addresses at this domain (optional)
      </label>
      <input
        id={id}
        value={value}
        placeholder="acme.example"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function JoinLinkSettings({ team }: { team: TeamDetail }) {
  const headingId = useId();
  const link = team.joinLink;
  const [domain, setDomain] = useState(link?.emailDomain ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [domainError, setDomainError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const url = link ? `${window.location.origin}${paths.teamJoin(link.token)}` : '';

  async function run(what: string, action: () => Promise<void>, done: string | null) {
    setBusy(what);
    setError(null);
    setNotice(null);
    try {
      await action();
      setNotice(done);
    } catch (err) {
      setError(teamError(err));
    } finally {
      setBusy(null);
    }
  }

  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const d = cleanDomain(domain);
    const problem = d === '' ? null : joinDomainProblem(d);
    setDomainError(problem);
    if (problem) return;
    void run(
      'save',
      () => setJoinLink(team.slug, { emailDomain: d || null }),
      link ? 'Saved.' : null,
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass} data-testid="join-link">
      <h2 id={headingId} className="text-lg font-semibold">
        Join link
      </h2>
      {link ? (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {link.emailDomain
              ? `Anyone signed in with a confirmed address at ${link.emailDomain} can join as a member with this link.`
              : 'Anyone signed in who has this link can join as a member. Share it where only your team can see it.'}
          </p>
          {/* The whole link, so the owner can check it before sharing; one tap selects it. */}
          <p
            className="mt-4 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all select-all dark:border-slate-600 dark:bg-slate-900"
            data-testid="join-link-url"
          >
            {url}
          </p>
          <div className="mt-2">
            <button
              type="button"
              className={`${primaryButton} w-full`}
              onClick={() =>
                void copyText(url).then((m) => setNotice(m === COPY_OK ? 'Link copied.' : m))
              }
            >
              Copy link
            </button>
          </div>
          <form className="mt-4 space-y-3" onSubmit={save} noValidate>
            <DomainField value={domain} onChange={setDomain} error={domainError} />
            <button
              type="submit"
              className={secondaryButton}
              aria-disabled={busy !== null || undefined}
            >
              {busy === 'save' ? 'Saving…' : 'Save domain'}
            </button>
          </form>
          <div className="mt-5 flex flex-wrap gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
            <button
              type="button"
              className={secondaryButton}
              aria-disabled={busy !== null || undefined}
              onClick={() =>
                busy === null &&
                void run(
                  'regenerate',
                  () => regenerateJoinLink(team.slug),
                  'A new link is ready. The old one no longer works.',
                )
              }
            >
              {busy === 'regenerate' ? 'Making a new link…' : 'Make a new link'}
            </button>
            <button
              type="button"
              className={secondaryButton}
              aria-disabled={busy !== null || undefined}
              onClick={() =>
                busy === null &&
                void run(
                  'off',
                  () => turnOffJoinLink(team.slug),
                  'The join link is off. Nobody can join with it.',
                )
              }
            >
              {busy === 'off' ? 'Turning off…' : 'Turn off'}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            One link for your team chat: whoever opens it signed in joins as a member, no invitation
            needed. You can restrict it to your company’s addresses, replace it or turn it off at
            any time.
          </p>
          <form className="mt-4 space-y-3" onSubmit={save} noValidate>
            <DomainField value={domain} onChange={setDomain} error={domainError} />
            <button
              type="submit"
              className={primaryButton}
              aria-disabled={busy !== null || undefined}
            >
              {busy === 'save' ? 'Turning on…' : 'Turn on join link'}
            </button>
          </form>
        </>
      )}
      {(error || notice) && (
        <div className="mt-4" role="status">
          <FormAlert tone={error ? 'error' : 'success'}>{error ?? notice}</FormAlert>
        </div>
      )}
    </section>
  );
}
