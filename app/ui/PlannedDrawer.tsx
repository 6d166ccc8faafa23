import { Link } from 'react-router';
import type { ItemKind } from '../../core/items';
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
  const { data: lists } = useItemLists(kind);
  const planned = (lists?.planned ?? []).flatMap((id) => {
    const found = describe(id);
    return found ? [{ id, ...found }] : [];
  });
  return (
    <Drawer label={label} slot={slot}>
      {planned.length === 0 ? (
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
