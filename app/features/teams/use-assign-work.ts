import { useState, type FormEvent } from 'react';
import type { AssignableContent, AssignmentKind } from '../../../core/teams/assignments';
import type { TeamDetail } from '../../../core/teams/teams';
import { createAssignment, teamError } from './queries';
import { PAST_DUE, today } from './assignment-day';

/**
 * The Assign work form's state: what (a kind, then one of its items), for whom (the whole
 * team or chosen members), by when and with what note; and the submit, which checks the
 * audience and the due date before it sends.
 */
export function useAssignWork(team: TeamDetail, assignable: readonly AssignableContent[]) {
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

  const pickKind = (k: AssignmentKind) => {
    setKind(k);
    setContent('');
  };
  const toggleMember = (userId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(userId);
    else next.delete(userId);
    setChosen(next);
  };

  return {
    kind,
    pickKind,
    options,
    groups,
    selected,
    setContent,
    audience,
    setAudience,
    chosen,
    toggleMember,
    dueOn,
    setDueOn,
    note,
    setNote,
    saving,
    error,
    saved,
    onSubmit,
  };
}

export type AssignWorkForm = ReturnType<typeof useAssignWork>;
