import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { useStableCallback } from '../../lib/stable-callback';
import { useItemLists, useItemRecord, useLikeAction, useListAction } from '../../lib/items';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { FormAlert, primaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { useWordSet } from '../../data/word-sets';
import { VocabularyDrawer } from '../../ui/VocabularyDrawer';
import { WordCard } from './WordCard';
import { WordDetail } from './WordDetail';

export default function WordSetPage() {
  const { set = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { data, error } = useWordSet(set);
  const { user } = useAuth();
  const { data: lists } = useItemLists('word');
  const [message, setMessage] = useState<string | null>(null);
  const openId = params.get('word');
  const open = data?.words.find((w) => w.id === openId) ?? null;
  const [record] = useItemRecord('word', open?.id ?? null);
  const listAction = useListAction('word');
  const likeAction = useLikeAction('word');

  // Stable, so the memoized word cards are not drawn again on each render of the page (the
  // first ones, right after hydration, happen while a phone is still busy).
  const act = (id: string, op: 'plan' | 'unplan' | 'complete') => {
    setMessage(null);
    listAction(id, op).catch((e: Error) => setMessage(e.message));
  };
  const like = useStableCallback((id: string) => {
    setMessage(null);
    likeAction(id, !lists?.liked.includes(id)).catch((e: Error) => setMessage(e.message));
  });
  const openWord = useStableCallback((id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('word', id);
    else next.delete('word');
    setParams(next, { replace: !id });
  });
  const togglePlan = useStableCallback((id: string) =>
    act(id, lists?.planned.includes(id) ? 'unplan' : 'plan'),
  );
  const complete = useStableCallback((id: string) => act(id, 'complete'));

  if (error && 'status' in error && error.status === 404) return <NotFoundPage />;

  return (
    <Page
      route="wordSet"
      title={data?.title ?? 'Word set'}
      purpose={data?.description}
      loading={!data && !error}
    >
      {error && !data && (
        <FormAlert>
          This word set could not be loaded. Check your connection and reload the page.
        </FormAlert>
      )}
      {message && (
        <div className="mb-4">
          <FormAlert>{message}</FormAlert>
        </div>
      )}
      {data && <GameEntry set={set} />}
      {!user && data && (
        <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
          Your plans are kept on this device. Log in to keep them in your account and to keep your
          game results.
        </p>
      )}
      {data && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.words.map((w) => (
            <li key={w.id}>
              <WordCard
                word={w}
                // Sync: guests plan too; their changes are kept on this device (app/lib/sync.ts).
                signedIn
                planned={lists?.planned.includes(w.id) ?? false}
                completed={lists?.completed.includes(w.id) ?? false}
                liked={lists?.liked.includes(w.id) ?? false}
                onOpen={openWord}
                onPlan={togglePlan}
                onComplete={complete}
                onLike={like}
              />
            </li>
          ))}
        </ul>
      )}
      {open && (
        <WordDetail
          word={open}
          record={record}
          planned={lists?.planned.includes(open.id) ?? false}
          completed={lists?.completed.includes(open.id) ?? false}
          onPlan={() => act(open.id, lists?.planned.includes(open.id) ? 'unplan' : 'plan')}
          onComplete={() => act(open.id, 'complete')}
          error={message}
          onClose={() => openWord(null)}
        />
      )}
      <VocabularyDrawer />
    </Page>
  );
}

/**
 * The set's word game, one tap from the top of the page: it opens in the practice player
 * (WordGamePage), so the game never sits under the whole list on a phone.
 */
function GameEntry({ set }: { set: string }) {
  return (
    <section
      aria-labelledby="game-entry-title"
      className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-3 rounded-2xl bg-brand-50 p-4 sm:p-5 dark:bg-slate-800"
    >
      <div className="min-w-0 flex-1 basis-56">
        <h2 id="game-entry-title" className="text-lg font-semibold">
          Word game
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Five definitions from this set, one at a time: pick the word each one describes.
        </p>
      </div>
      <Link to={paths.wordStudy(set, 'learn')} className={`${primaryButton} min-h-12 px-8 text-base`}>
        Play
      </Link>
    </section>
  );
}
