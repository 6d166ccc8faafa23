import { Link } from 'wouter';
import { KIND_CAPS, type ItemKind, type ItemLists } from '../../core/items/items';
import { links } from '../../core/paths';
import { useAuth } from '../lib/auth';
import { useLikeAction, useListAction } from '../lib/items';
import { useCurrentPath } from '../lib/navigation';

export const chipClass =
  'min-h-11 rounded-full border px-3 py-1 text-sm font-medium disabled:opacity-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:border-slate-600';

interface Props {
  kind: ItemKind;
  id: string;
  /** The item's name, for the buttons' accessible names ("Plan Base rates"). */
  title: string;
  lists: ItemLists | undefined;
  /** Called with a message when a change could not be saved (the lists have rolled back). */
  onError: (message: string) => void;
  /** Whether a guest is shown the way to an account here (an item's page), or nothing (a list's card). */
  guestNote?: boolean;
}

/**
 * Plan, complete, save (where the kind has a saved list) and like, applied at once and
 * rolled back if the server refuses. Guests get the way to an account instead.
 */
export function ItemActions({ kind, id, title, lists, onError, guestNote = true }: Props) {
  const listAction = useListAction(kind);
  const like = useLikeAction(kind);
  const { user } = useAuth();
  const here = useCurrentPath();
  if (!user) {
    if (!guestNote) return null;
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <Link
          to={links.signUp(here)}
          className="font-semibold text-brand-700 underline dark:text-sky-400"
        >
          Create a free account
        </Link>{' '}
        to {KIND_CAPS[kind].ops.includes('save') ? 'plan, complete and save' : 'plan and complete'}{' '}
        this.
      </p>
    );
  }
  const planned = lists?.planned.includes(id) ?? false;
  const completed = lists?.completed.includes(id) ?? false;
  const saved = lists?.saved.includes(id) ?? false;
  const liked = lists?.liked.includes(id) ?? false;
  const canSave = KIND_CAPS[kind].ops.includes('save');
  const act = (op: 'plan' | 'unplan' | 'complete' | 'save' | 'unsave') =>
    listAction(id, op).catch((e: Error) => onError(e.message));
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Your lists for ${title}`}>
      <button
        type="button"
        className={chipClass}
        aria-pressed={planned}
        aria-label={`Plan ${title}`}
        onClick={() => void act(planned ? 'unplan' : 'plan')}
      >
        {planned ? 'Planned' : 'Plan'}
      </button>
      <button
        type="button"
        className={chipClass}
        aria-pressed={completed}
        aria-label={`Complete ${title}`}
        disabled={completed}
        onClick={() => void act('complete')}
      >
        {completed ? '✓ Completed' : 'Complete'}
      </button>
      {canSave && (
        <button
          type="button"
          className={chipClass}
          aria-pressed={saved}
          aria-label={`Save ${title}`}
          onClick={() => void act(saved ? 'unsave' : 'save')}
        >
          {saved ? 'Saved' : 'Save'}
        </button>
      )}
      <button
        type="button"
        className={chipClass}
        aria-pressed={liked}
        aria-label={`Like ${title}`}
        onClick={() => void like(id, !liked).catch((e: Error) => onError(e.message))}
      >
        {liked ? '♥ Liked' : '♡ Like'}
      </button>
    </div>
  );
}
