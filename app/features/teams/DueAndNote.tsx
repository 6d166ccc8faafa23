import { useId } from 'react';
import { ASSIGNMENT_NOTE_MAX } from '../../../core/teams/assignments';
import { inputClass } from '../../ui/form';
import { today } from './assignment-day';

/** An assignment's due date and note: in the form that assigns it, and in its Edit dialog. */
export function DueAndNote(props: {
  dueOn: string;
  setDueOn: (day: string) => void;
  note: string;
  setNote: (note: string) => void;
}) {
  const dueId = useId();
  const noteId = useId();
  return (
    <div className="grid gap-4">
      <div>
        <label htmlFor={dueId} className="text-sm font-medium">
          Due date{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <input
          id={dueId}
          type="date"
          value={props.dueOn}
          min={today()}
          className={inputClass}
          onChange={(e) => props.setDueOn(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={noteId} className="text-sm font-medium">
          Note for members{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <input
          id={noteId}
          value={props.note}
          maxLength={ASSIGNMENT_NOTE_MAX}
          placeholder="Why it matters, or where it helps"
          className={inputClass}
          onChange={(e) => props.setNote(e.target.value)}
        />
      </div>
    </div>
  );
}
