import { useId, useState } from 'react';
import {
  TEAM_ROLES,
  canChangeRole,
  canRemoveMember,
  type TeamDetail,
  type TeamMember,
  type TeamRole,
} from '../../../core/teams/teams';
import { dangerOutlineButton, inputClass } from '../../ui/form';
import { ConfirmDialog } from '../../ui/DialogActions';
import { ROLE_LABEL, changeRole, removeMember, teamError } from './queries';
import { cardClass, RoleBadge } from './parts';

/** The team's members, with a role menu and a Remove button where the viewer may use them. */

function RoleControl({ team, member }: { team: TeamDetail; member: TeamMember }) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const choices = TEAM_ROLES.filter(
    (r) => r === member.role || canChangeRole(team.myRole, member.role, r),
  );
  // A member's view has no one else's membership id: nothing to change there.
  const memberId = member.id;
  if (!memberId || memberId === team.myMemberId || choices.length < 2)
    return <RoleBadge role={member.role} />;
  const onChange = async (role: TeamRole) => {
    setSaving(true);
    setError(null);
    try {
      await changeRole(team.slug, memberId, { role });
    } catch (err) {
      setError(teamError(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Role of {member.name}
      </label>
      <select
        id={id}
        value={member.role}
        disabled={saving}
        className={`${inputClass} mt-0 min-h-11 w-auto py-1.5`}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => void onChange(e.target.value as TeamRole)}
      >
        {choices.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABEL[r]}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Remove a member (owners and admins; admins not an owner), behind a confirmation that says
 * what the person keeps. Nobody removes themselves here: they leave, below.
 */
function RemoveMember({ team, member }: { team: TeamDetail; member: TeamMember }) {
  const [open, setOpen] = useState(false);
  const memberId = member.id;
  if (!memberId || memberId === team.myMemberId || !canRemoveMember(team.myRole, member.role))
    return null;
  return (
    <>
      <button
        type="button"
        className={dangerOutlineButton}
        aria-label={`Remove ${member.name}`}
        onClick={() => setOpen(true)}
      >
        Remove
      </button>
      {open && (
        <ConfirmDialog
          title={`Remove ${member.name} from ${team.name}?`}
          action="Remove from team"
          busyAction="Removing…"
          // The row, and with it this dialog, goes once the team is read again.
          onConfirm={() => removeMember(team.slug, memberId)}
          onClose={() => setOpen(false)}
          describeError={teamError}
        >
          <p>
            They lose access to the team, and the team stops seeing their progress. The work
            assigned to them alone goes too. Their account and all their learning stay theirs; they
            can come back only with a new invitation.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

export function Members({ team }: { team: TeamDetail }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        Members{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">
          ({team.members.length})
        </span>
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {team.members.map((m) => (
          <li
            key={m.id ?? m.email}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
          >
            <div className="min-w-0">
              <p className="font-medium break-words">
                {m.name}
                {m.id === team.myMemberId && (
                  <span className="font-normal text-slate-600 dark:text-slate-400"> (you)</span>
                )}
              </p>
              <p className="text-sm [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">
                {m.email}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <RoleControl team={team} member={m} />
              <RemoveMember team={team} member={m} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
