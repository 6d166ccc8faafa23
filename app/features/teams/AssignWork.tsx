import { useId } from 'react';
import type { AssignableContent } from '../../../core/teams/assignments';
import type { TeamDetail } from '../../../core/teams/teams';
import { FormAlert, primaryButton } from '../../ui/form';
import { useTeamAssignments } from './queries';
import { AssignTo, WhatToAssign } from './AssignWorkFields';
import { DueAndNote } from './DueAndNote';
import { cardClass } from './parts';
import { useAssignWork } from './use-assign-work';

/** The admin's form: what, for whom, by when, and a note. */
function AssignWork({
  team,
  assignable,
}: {
  team: TeamDetail;
  assignable: readonly AssignableContent[];
}) {
  const headingId = useId();
  const form = useAssignWork(team, assignable);
  const { dueOn, setDueOn, note, setNote, saving, error, saved } = form;

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Assign work
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Members see it on Today and on their Teams page, with its status.
      </p>
      <form className="mt-4 space-y-4" onSubmit={form.onSubmit} noValidate>
        <WhatToAssign form={form} />

        <AssignTo form={form} team={team} name={`${headingId}-audience`} />

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
