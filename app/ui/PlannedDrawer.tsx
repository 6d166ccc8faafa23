import { Link } from 'wouter';
import type { ItemKind } from '../../core/items/items';
import { useAuth } from '../lib/auth';
import { useItemLists } from '../lib/items';
import { Drawer } from './Drawer';

interface Props {
  kind: ItemKind;
  /** Drawer toggle text, e.g. "Planned prompts". */
  label: string;
  /** The item's title and link, or null when the id is no longer in the content. */
  describe: (id: string) => { title: string; to: string } | null;
  /** Shown when nothing is planned: where to go to plan something. */
  empty: { text: string; to: string };
  slot?: number;
}

/** The spec's bottom-right drawer of planned items for a section. */
export function PlannedDrawer({ kind, label, describe, empty, slot }: Props) {
  const { user } = useAuth();
  const { data: lists } = useItemLists(kind);
  const ids = lists?.planned ?? [];
  const planned = ids.flatMap((id) => {
    const found = describe(id);
    return found ? [{ id, ...found }] : [];
  });
  // Until the lists (and the content naming them) arrive, "nothing planned" would be a lie.
  const loading =
    (user !== null && lists === undefined) || (ids.length > 0 && planned.length === 0);
  return (
    <Drawer label={label} slot={slot}>
      {loading ? (
        <p className="text-slate-600 dark:text-slate-400">Loading your plan…</p>
      ) : planned.length === 0 ? (
        <Link to={empty.to} className="font-semibold text-brand-700 underline dark:text-sky-400">
          {empty.text}
        </Link>
      ) : (
        <ul className="space-y-1" aria-label={label}>
          {planned.map((p) => (
            <li key={p.id}>
              <Link to={p.to} className="text-brand-700 hover:underline dark:text-sky-400">
                {p.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
