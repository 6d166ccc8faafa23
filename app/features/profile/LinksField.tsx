import { useId, useState } from 'react';
import { inputClass } from '../../ui/form';
import { describedBy, FieldError, FieldLabel } from './FieldFeedback';
import { useProfileField } from './use-profile-field';

const MAX_LINKS = 5;
const MAX_LINK_LENGTH = 300;

function toLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

function isWebLink(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * The server's rules, checked before sending so that a mistyped link stays in the box to
 * be corrected rather than being rolled back.
 */
function problemWith(links: string[]): string | null {
  if (links.length > MAX_LINKS) return `At most ${MAX_LINKS} links.`;
  if (links.some((link) => link.length > MAX_LINK_LENGTH))
    return `Each link can be at most ${MAX_LINK_LENGTH} characters.`;
  const bad = links.find((link) => !isWebLink(link));
  if (bad === undefined) return null;
  const shown = bad.length > 60 ? `${bad.slice(0, 57)}…` : bad;
  return `“${shown}” is not a web address. Links must start with http:// or https://`;
}

/** Up to five web links, one per line, saved as a list. */
export function LinksField({ saved }: { saved: string[] }) {
  const id = useId();
  const [draft, setDraft] = useState(saved.join('\n'));
  const { status, save, reject } = useProfileField('links', saved);

  async function commit() {
    const sent = draft;
    const links = toLines(draft);
    const problem = problemWith(links);
    if (problem) return reject(problem);
    const outcome = await save(links);
    if (outcome.kind === 'superseded') return;
    const next = outcome.kind === 'unchanged' ? links : (outcome.value ?? []);
    setDraft((d) => (d === sent ? next.join('\n') : d));
  }

  const error = status.kind === 'error';
  return (
    <div>
      <FieldLabel htmlFor={id} label="Links" status={status} testId="links-status" />
      <textarea
        id={id}
        value={draft}
        rows={3}
        spellCheck={false}
        autoCapitalize="off"
        className={inputClass}
        aria-invalid={error || undefined}
        aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void commit()}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        One link per line, up to {MAX_LINKS}, each starting with http:// or https://
      </p>
      <FieldError id={`${id}-error`} status={status} />
    </div>
  );
}
