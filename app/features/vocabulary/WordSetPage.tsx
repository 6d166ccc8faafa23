import { Link, useParams, useSearchParams } from 'wouter';
import { links, paths } from '../../../core/paths';
import {
  STUDY_MODES,
  STUDY_MODE_INFO,
  setProgress,
  wordStatus,
  type StudyMode,
} from '../../../core/vocabulary/study';
import { useWordSet } from '../../data/word-sets';
import { useAuth } from '../../lib/auth';
import { useItemRecord } from '../../lib/items';
import { useStableCallback } from '../../lib/stable-callback';
import { FormAlert } from '../../ui/form';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { Page } from '../../ui/Page';
import { VocabularyDrawer } from '../../ui/VocabularyDrawer';
import { useWordDoodles } from '../../data/doodles';
import { useWordActions, type WordChange } from './use-word-actions';
import { WordCard } from './WordCard';
import { WordDetail } from './WordDetail';

/**
 * A word set as a study tool: where the learner stands in it (learned, learning, new), the
 * five study modes with the one to do next first, then the words — each card opens the word.
 */
export default function WordSetPage() {
  const { set = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { data, error } = useWordSet(set);
  const { user } = useAuth();
  const actions = useWordActions();
  const { lists } = actions;
  const ids = data?.words.map((w) => w.id) ?? [];
  const doodles = useWordDoodles(ids.some((id) => lists.doodled.includes(id)));
  const openId = params.get('word');
  const open = data?.words.find((w) => w.id === openId) ?? null;
  useItemRecord('word', open?.id ?? null); // opening a word counts a visit

  const openWord = useStableCallback((id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('word', id);
    else next.delete('word');
    setParams(next, { replace: !id });
  });

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
      {data && (
        <StudyPanel
          set={set}
          progress={setProgress(lists, ids)}
          known={actions.loaded || !user}
          guest={!user}
        />
      )}
      {actions.error && (
        <div className="mb-4">
          <FormAlert>{actions.error}</FormAlert>
        </div>
      )}
      {data && (
        <>
          <h2 className="mb-3 text-xl font-semibold">
            The words{' '}
            <span className="font-normal text-slate-600 dark:text-slate-400">
              ({data.words.length})
            </span>
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.words.map((w) => (
              <li key={w.id}>
                <WordCard
                  word={w}
                  status={wordStatus(lists, w.id)}
                  planned={lists.planned.includes(w.id)}
                  liked={lists.liked.includes(w.id)}
                  doodles={doodles.get(w.id)}
                  onOpen={openWord}
                  onPlan={actions.togglePlan}
                  onLearned={actions.toggleLearned}
                  onLike={actions.toggleLike}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {open && (
        <WordDetail
          word={open}
          status={wordStatus(lists, open.id)}
          planned={lists.planned.includes(open.id)}
          liked={lists.liked.includes(open.id)}
          doodles={doodles.get(open.id)}
          onPlan={() => actions.togglePlan(open.id, open.word)}
          onLearned={() => actions.toggleLearned(open.id, open.word)}
          onLike={() => actions.toggleLike(open.id)}
          error={actions.error}
          onClose={() => openWord(null)}
        />
      )}
      {actions.change && !open && (
        <ChangeToast change={actions.change} onDismiss={actions.dismiss} />
      )}
      <VocabularyDrawer />
    </Page>
  );
}

/** The mode to do next: learn what is new, test what is being learned, else keep it fresh. */
function nextMode(progress: { learned: number; learning: number; new: number }): StudyMode {
  if (progress.new > 0) return 'learn';
  if (progress.learning > 0) return 'test';
  return 'match';
}

/** Where the learner stands in the set, and the study modes (the one to do next first). */
function StudyPanel({
  set,
  progress,
  known,
  guest,
}: {
  set: string;
  progress: { learned: number; learning: number; new: number };
  /** Whether the learner's lists have arrived (else the figures are not shown yet). */
  known: boolean;
  guest: boolean;
}) {
  const total = progress.learned + progress.learning + progress.new;
  const lead = nextMode(progress);
  const others = STUDY_MODES.filter((m) => m !== lead);
  const pct = (n: number) => `${total === 0 ? 0 : (n / total) * 100}%`;
  return (
    <section
      aria-labelledby="study-title"
      className="mb-8 rounded-2xl bg-brand-50 p-4 sm:p-6 dark:bg-slate-800"
    >
      <h2 id="study-title" className="text-lg font-semibold">
        Study this set
      </h2>
      <div className={known ? '' : 'invisible'} data-testid="set-progress">
        <div
          aria-hidden="true"
          className="mt-3 flex h-3 overflow-hidden rounded-full bg-white dark:bg-slate-700"
        >
          <div className="bg-emerald-500" style={{ width: pct(progress.learned) }} />
          <div className="bg-amber-400" style={{ width: pct(progress.learning) }} />
        </div>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
          <span>
            <span
              aria-hidden="true"
              className="mr-1.5 inline-block size-2.5 rounded-full bg-emerald-500"
            />
            <strong>{progress.learned}</strong> learned
          </span>
          <span>
            <span
              aria-hidden="true"
              className="mr-1.5 inline-block size-2.5 rounded-full bg-amber-400"
            />
            <strong>{progress.learning}</strong> learning
          </span>
          <span>
            <span
              aria-hidden="true"
              className="mr-1.5 inline-block size-2.5 rounded-full border border-slate-400 bg-white dark:bg-slate-700"
            />
            <strong>{progress.new}</strong> new
          </span>
        </p>
      </div>
      <Link
        to={paths.wordStudy(set, lead)}
        className="mt-4 flex items-center justify-between gap-4 rounded-xl bg-brand-700 p-4 text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:bg-brand-600 dark:hover:bg-brand-700"
        data-testid="study-next"
      >
        <span>
          <span className="block text-lg font-semibold">{STUDY_MODE_INFO[lead].title}</span>
          <span className="block text-sm text-white">{STUDY_MODE_INFO[lead].blurb}</span>
        </span>
        <span aria-hidden="true" className="text-2xl">
          →
        </span>
      </Link>
      <ul className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {others.map((m) => (
          <li key={m}>
            <Link
              to={paths.wordStudy(set, m)}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:hover:border-sky-500"
            >
              <span className="font-semibold text-brand-800 dark:text-sky-300">
                {STUDY_MODE_INFO[m].title}
              </span>
              <span className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
                {STUDY_MODE_INFO[m].blurb}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {guest && (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          What you learn is kept on this device.{' '}
          <Link
            to={links.signUp(paths.wordSet(set))}
            className="font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Create a free account
          </Link>{' '}
          to keep it on every device.
        </p>
      )}
    </section>
  );
}

/** What the last change did, with Undo, at the foot of the screen until dismissed. */
function ChangeToast({ change, onDismiss }: { change: WordChange; onDismiss: () => void }) {
  return (
    <div className="fixed inset-x-0 bottom-[calc(var(--bottom-bar-height,0px)+env(safe-area-inset-bottom)+0.75rem)] z-30 flex justify-center px-3">
      <div
        role="status"
        className="flex max-w-md items-center gap-3 rounded-xl bg-slate-900 py-2 pr-2 pl-4 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
      >
        <span>{change.text}</span>
        <button
          type="button"
          onClick={change.undo}
          className="min-h-10 rounded-lg px-3 font-semibold text-sky-300 underline hover:bg-white/10 dark:text-brand-700 dark:hover:bg-slate-900/10"
        >
          Undo
        </button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="min-h-10 rounded-lg px-2 hover:bg-white/10 dark:hover:bg-slate-900/10"
        >
          ✕
        </button>
      </div>
    </div>
  );
}
