import { Link, useParams } from 'wouter';
import { paths } from '../../../../core/paths';
import { isStudyMode, STUDY_MODE_INFO, type StudyMode } from '../../../../core/vocabulary/study';
import { useWordSet } from '../../../data/word-sets';
import { useAuth } from '../../../lib/auth';
import { useHydrated } from '../../../lib/ssr-data';
import { FormAlert } from '../../../ui/form';
import { NotFoundPage } from '../../../ui/NotFoundPage';
import { compactHidden, Page } from '../../../ui/Page';
import { useNextSet } from '../order';
import { Flashcards } from './Flashcards';
import { MatchMode } from './MatchMode';
import { StudySession, StudySkeleton } from './StudySession';

/**
 * A study mode over a word set, in the practice player, filling the screen: no word list
 * above it, the words one tap away ("See all the words"), no drawers (PRODUCT.md: the player
 * is focused). The set's page offers the modes (core/vocabulary/study.ts STUDY_MODES).
 */
export default function StudyPage() {
  const { set = '', mode = '' } = useParams();
  const { data, error } = useWordSet(set);
  const nextSet = useNextSet(set);
  const { user } = useAuth();
  // Rounds are random: drawn after hydration, so the server's HTML and the first render agree.
  const hydrated = useHydrated();
  if ((error && 'status' in error && error.status === 404) || !isStudyMode(mode))
    return <NotFoundPage />;
  const info = STUDY_MODE_INFO[mode];
  return (
    <Page
      route="wordStudy"
      title={data ? `${data.title}: ${info.title}` : info.title}
      compact
      purpose={
        <>
          <span className={compactHidden}>{info.blurb}</span>{' '}
          <Link
            to={paths.wordSet(set)}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-sky-400"
          >
            See all the words
          </Link>
        </>
      }
      loading={!data && !error}
    >
      {error && !data && (
        <FormAlert>
          This word set could not be loaded. Check your connection and reload the page.
        </FormAlert>
      )}
      {data && hydrated ? (
        <Mode
          key={`${set}:${mode}`}
          mode={mode}
          set={data}
          nextSet={nextSet}
          signedIn={user !== null}
        />
      ) : (
        !error && <StudySkeleton />
      )}
    </Page>
  );
}

function Mode({
  mode,
  set,
  nextSet,
  signedIn,
}: {
  signedIn: boolean;
  mode: StudyMode;
  set: Parameters<typeof Flashcards>[0]['set'];
  nextSet: { id: string; title: string } | null;
}) {
  if (mode === 'flashcards') return <Flashcards set={set} />;
  if (mode === 'match') return <MatchMode set={set} signedIn={signedIn} nextSet={nextSet} />;
  return <StudySession mode={mode} set={set} nextSet={nextSet} />;
}
