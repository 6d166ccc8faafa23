import { OrderNote } from '../../ui/OrderNote';
import { Link, Redirect, useSearchParams } from 'wouter';
import { links, paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { useItemLists } from '../../lib/items';
import { useSettings } from '../../lib/settings';
import { Page } from '../../ui/Page';
import { Skeleton } from '../../ui/Skeleton';
import { useWordSets } from '../../data/word-sets';
import { orderSets } from './order';
import { VocabularyDrawer } from '../../ui/VocabularyDrawer';

export default function VocabularyPage() {
  const { data, error } = useWordSets();
  const { profession, level, chosen } = useSettings();
  const { user } = useAuth();
  const { data: lists } = useItemLists('word');
  const completed = new Set(lists?.completed ?? []);
  // ?word= deep links open that word in its set.
  const [params] = useSearchParams();
  const wordParam = params.get('word');
  const home = wordParam
    ? data?.sets.find((s) => s.items.some((w) => w.id === wordParam))
    : undefined;
  if (home && wordParam) return <Redirect to={links.word(home.id, wordParam)} replace />;
  return (
    <Page route="vocabulary">
      <OrderNote
        chosen={chosen}
        claim={`Ordered for a ${level.toLowerCase()} in ${profession.toLowerCase()}.`}
        offer="to put the word sets for your work and level first."
        back={paths.vocabulary()}
      />
      {error && !data && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          The word sets could not be loaded. Check your connection and reload the page.
        </p>
      )}
      {!data && !error && <Skeleton lines={6} />}
      {data && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {orderSets(data.sets, profession, level).map((set) => {
            const done = set.items.filter((w) => completed.has(w.id)).length;
            return (
              <li key={set.id}>
                <Link
                  to={paths.wordSet(set.id)}
                  className="flex h-full flex-col rounded-xl border border-slate-200 p-5 hover:border-brand-600 hover:shadow-md dark:border-slate-700"
                >
                  <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-sky-400">
                    {set.professions.join(' · ')}
                  </span>
                  <span className="mt-1 text-lg font-semibold">{set.title}</span>
                  <span className="mt-2 flex-1 text-slate-600 dark:text-slate-300">
                    {set.description}
                  </span>
                  {user ? (
                    <span className="mt-4 text-sm">
                      <span className="sr-only">Progress: </span>
                      {done} of {set.words} words completed
                      <span
                        aria-hidden="true"
                        className="mt-1 block h-1.5 rounded bg-slate-200 dark:bg-slate-700"
                      >
                        <span
                          className="block h-1.5 rounded bg-emerald-600"
                          style={{ width: `${(done / set.words) * 100}%` }}
                        />
                      </span>
                    </span>
                  ) : (
                    <span className="mt-4 text-sm text-slate-500 dark:text-slate-400">
                      {set.words} words
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <VocabularyDrawer />
    </Page>
  );
}
