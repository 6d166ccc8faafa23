import { useId, useState, type FormEvent } from 'react';
import {
  ASSIGNMENT_DONE_WHEN,
  ASSIGNMENT_KIND_NAMES,
  ASSIGNMENT_KINDS,
  type AssignableContent,
  type AssignmentKind,
} from '../../../core/assignments';
import type { TeamDetail } from '../../../core/teams';
import { FormAlert, inputClass, primaryButton } from '../../ui/form';
import { createAssignment, teamError, useTeamAssignments } from './queries';
import { PAST_DUE, today } from './assignment-day';
import { DueAndNote } from './DueAndNote';
import { cardClass } from './parts';

const KIND_HINT: Record<AssignmentKind, string> = Object.fromEntries(
  ASSIGNMENT_KINDS.map((k) => [k, `Done when: ${ASSIGNMENT_DONE_WHEN[k]}.`]),
) as Record<AssignmentKind, string>;

/** The admin's form: what, for whom, by when, and a note. */
function AssignWork({
  team,
  assignable,
}: {
  team: TeamDetail;
  assignable: readonly AssignableContent[];
}) {
  const headingId = useId();
  const kindId = useId();
  const contentId = useId();
  const hintId = useId();
  const [kind, setKind] = useState<AssignmentKind>('topic');
  const [content, setContent] = useState('');
  const [audience, setAudience] = useState<'everyone' | 'chosen'>('everyone');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [dueOn, setDueOn] = useState('');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const options = assignable.filter((a) => a.kind === kind);
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  const selected = options.find((o) => o.id === content) ?? options[0];

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving || !selected) return;
    if (audience === 'chosen' && chosen.size === 0) {
      setError('Choose at least one member, or assign it to the whole team.');
      return;
    }
    if (dueOn && dueOn < today()) {
      setError(PAST_DUE);
      return;
    }
    setSaving(true);
    setError(null);
    setSaved(null);
    try {
      await createAssignment(team.slug, {
        kind,
        contentId: selected.id,
        ...(dueOn ? { dueOn } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(audience === 'chosen' ? { members: [...chosen] } : {}),
      });
      setSaved(
        `${selected.title} assigned to ${
          audience === 'everyone'
            ? 'the whole team'
            : chosen.size === 1
              ? '1 member'
              : `${chosen.size} members`
        }.`,
      );
      setNote('');
      setDueOn('');
    } catch (err) {
      setError(teamError(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Assign work
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Members see it on Today and on their Teams page, with its status.
      </p>
      <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
        <div className="grid gap-4">
          <div>
            <label htmlFor={kindId} className="text-sm font-medium">
              Kind
            </label>
            <select
              id={kindId}
              value={kind}
              className={inputClass}
              onChange={(e) => {
                setKind(e.target.value as AssignmentKind);
                setContent('');
              }}
            >
              {ASSIGNMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ASSIGNMENT_KIND_NAMES[k]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={contentId} className="text-sm font-medium">
              {ASSIGNMENT_KIND_NAMES[kind]}
            </label>
            <select
              id={contentId}
              value={selected?.id ?? ''}
              className={inputClass}
              aria-describedby={hintId}
              onChange={(e) => setContent(e.target.value)}
            >
              {groups.map((g) =>
                g ? (
                  <optgroup key={g} label={g}>
                    {options
                      .filter((o) => o.group === g)
                      .map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.title}
                        </option>
                      ))}
                  </optgroup>
                ) : (
                  options
                    .filter((o) => !o.group)
                    .map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.title}
                      </option>
                    ))
                ),
              )}
            </select>
            <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {KIND_HINT[kind]}
            </p>
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-medium">For</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${headingId}-audience`}
                checked={audience === 'everyone'}
                onChange={() => setAudience('everyone')}
                className="size-4"
              />
              The whole team (and people who join later)
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${headingId}-audience`}
                checked={audience === 'chosen'}
                onChange={() => setAudience('chosen')}
                className="size-4"
              />
              Chosen members
            </label>
          </div>
          {audience === 'chosen' && (
            <ul className="mt-2 grid gap-1 sm:grid-cols-2" aria-label="Members to assign">
              {team.members
                .flatMap(({ userId, name }) => (userId ? [{ userId, name }] : []))
                .map((m) => (
                  <li key={m.userId}>
                    <label className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={chosen.has(m.userId)}
                        onChange={(e) => {
                          const next = new Set(chosen);
                          if (e.target.checked) next.add(m.userId);
                          else next.delete(m.userId);
                          setChosen(next);
                        }}
                      />
                      <span className="min-w-0 break-words">{m.name}</span>
                    </label>
                  </li>
                ))}
            </ul>
          )}
        </fieldset>

        <DueAndNote dueOn={dueOn} setDueOn={setDueOn} note={note} setNote={setNote} />
        {error && <FormAlert>{error}</FormAlert>}
        {saved && <FormAlert tone="success">{saved}</FormAlert>}
        <button type="submit" className={primaryButton} aria-disabled={saving || undefined}>
          {saving ? 'Assigning…' : 'Assign'}
        </button>
      </form>
    </section>
  );
}

/** The admin's form, once it knows what can be assigned. */
export function AssignWorkCard({ team }: { team: TeamDetail }) {
  const { data } = useTeamAssignments(team.slug, true);
  return data ? <AssignWork team={team} assignable={data.assignable} /> : null;
}
