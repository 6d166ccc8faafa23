import { useState, type FormEvent } from 'react';
import { ASSIGNMENT_KIND_NAMES, type TeamAssignment } from '../../../core/teams/assignments';
import type { TeamDetail } from '../../../core/teams/teams';
import { FormAlert } from '../../ui/form';
import { DialogActions } from '../../ui/DialogActions';
import { ModalDialog } from '../../ui/ModalDialog';
import { editAssignment, teamError } from './queries';
import { PAST_DUE, today } from './assignment-day';
import { DueAndNote } from './DueAndNote';

/**
 * Changing an assignment's due date or note, in a dialog. A due date already past may stay
 * as it is; a new one is today or later. What is assigned, and to whom, stay.
 */
export function EditAssignment({
  team,
  assignment,
  onClose,
}: {
  team: TeamDetail;
  assignment: TeamAssignment;
  onClose: () => void;
}) {
  const [dueOn, setDueOn] = useState(assignment.dueOn ?? '');
  const [note, setNote] = useState(assignment.note ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    if (dueOn && dueOn !== assignment.dueOn && dueOn < today()) {
      setError(PAST_DUE);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await editAssignment(team.slug, assignment.id, { dueOn: dueOn || null, note: note.trim() });
      onClose();
    } catch (err) {
      setError(teamError(err));
      setSaving(false);
    }
  }
  return (
    <ModalDialog
      title={`Edit “${assignment.title}”`}
      onClose={() => !saving && onClose()}
      dismissDisabled={saving}
      className="max-w-md border border-slate-200 dark:border-slate-700"
    >
      <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {ASSIGNMENT_KIND_NAMES[assignment.kind]} for{' '}
          {assignment.everyone
            ? 'the whole team'
            : assignment.audience === 1
              ? '1 chosen member'
              : `${assignment.audience} chosen members`}
          . To change what is assigned or to whom, remove it and assign again.
        </p>
        <DueAndNote dueOn={dueOn} setDueOn={setDueOn} note={note} setNote={setNote} />
        {error && <FormAlert>{error}</FormAlert>}
        <DialogActions
          onCancel={onClose}
          busy={saving}
          action="Save changes"
          busyAction="Saving…"
          className="mt-2"
        />
      </form>
    </ModalDialog>
  );
}
