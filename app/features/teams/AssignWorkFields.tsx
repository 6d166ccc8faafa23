import { useId } from 'react';
import {
  ASSIGNMENT_DONE_WHEN,
  ASSIGNMENT_KIND_NAMES,
  ASSIGNMENT_KINDS,
  type AssignmentKind,
} from '../../../core/teams/assignments';
import type { TeamDetail } from '../../../core/teams/teams';
import { inputClass } from '../../ui/form';
import type { AssignWorkForm } from './use-assign-work';

const KIND_HINT: Record<AssignmentKind, string> = Object.fromEntries(
  ASSIGNMENT_KINDS.map((k) => [k, `Done when: ${ASSIGNMENT_DONE_WHEN[k]}.`]),
) as Record<AssignmentKind, string>;

/** What to assign: the kind, then one of its items (grouped), with when it counts as done. */
export function WhatToAssign({ form }: { form: AssignWorkForm }) {
  const kindId = useId();
  const contentId = useId();
  const hintId = useId();
  const { kind, options, groups, selected } = form;
  return (
    <div className="grid gap-4">
      <div>
        <label htmlFor={kindId} className="text-sm font-medium">
          Kind
        </label>
        <select
          id={kindId}
          value={kind}
          className={inputClass}
          onChange={(e) => form.pickKind(e.target.value as AssignmentKind)}
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
          onChange={(e) => form.setContent(e.target.value)}
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
  );
}

/** For whom: the whole team (and people who join later), or members ticked in a list. */
export function AssignTo({
  form,
  team,
  name,
}: {
  form: AssignWorkForm;
  team: TeamDetail;
  name: string;
}) {
  const { audience, chosen } = form;
  return (
    <fieldset>
      <legend className="text-sm font-medium">For</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={audience === 'everyone'}
            onChange={() => form.setAudience('everyone')}
            className="size-4"
          />
          The whole team (and people who join later)
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={audience === 'chosen'}
            onChange={() => form.setAudience('chosen')}
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
                    onChange={(e) => form.toggleMember(m.userId, e.target.checked)}
                  />
                  <span className="min-w-0 break-words">{m.name}</span>
                </label>
              </li>
            ))}
        </ul>
      )}
    </fieldset>
  );
}
