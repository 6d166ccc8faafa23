import { Link } from 'wouter';
import { links, paths } from '../../core/paths';
import { useItemLists } from '../lib/items';
import { Drawer } from './Drawer';
import { useWordSets } from '../data/word-sets';

/** Planned words, or a 'Plan Your Vocabulary' link when there are none. */
export function VocabularyDrawer() {
  const { data: lists } = useItemLists('word');
  const { data } = useWordSets();
  const find = (wordId: string) => {
    for (const set of data?.sets ?? []) {
      const item = set.items.find((w) => w.id === wordId);
      if (item) return { set: set.id, word: item.word };
    }
    return null;
  };
  const planned = lists?.planned ?? [];
  return (
    <Drawer label="Planned words">
      {planned.length === 0 ? (
        <Link
          to={paths.vocabulary()}
          className="font-semibold text-brand-700 underline dark:text-sky-400"
        >
          Plan Your Vocabulary
        </Link>
      ) : (
        <ul className="space-y-1" aria-label="Planned words">
          {planned.map((id) => {
            const found = find(id);
            return (
              <li key={id}>
                <Link
                  to={found ? links.word(found.set, id) : paths.vocabulary()}
                  className="text-brand-700 hover:underline dark:text-sky-400"
                >
                  {found?.word ?? id}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Drawer>
  );
}
