import { Link, useParams } from 'wouter';
import { paths } from '../../../../core/paths';
import { useWordSet } from '../../../data/word-sets';
import { useAuth } from '../../../lib/auth';
import { FormAlert } from '../../../ui/form';
import { NotFoundPage } from '../../../ui/NotFoundPage';
import { compactHidden, Page } from '../../../ui/Page';
import { MatchGame } from '../MatchGame';
import { MatchMode } from './MatchMode';
import { useNextSet } from '../order';

/**
 * A word set's game in the practice player, filling the screen: no word list above it, the
 * words one tap away ("See all the words"), and no drawers (PRODUCT.md: the player is
 * focused). "Play" at the top of the word set leads here.
 */
export default function WordGamePage() {
  const { set = '', mode = '' } = useParams();
  const { data, error } = useWordSet(set);
  const { user } = useAuth();
  const nextSet = useNextSet(set);
  if (error && 'status' in error && error.status === 404) return <NotFoundPage />;
  return (
    <Page
      route="wordStudy"
      title={data ? `${data.title}: ${mode === 'match' ? 'match' : 'word game'}` : 'Word game'}
      compact
      purpose={
        <>
          <span className={compactHidden}>Five definitions, one at a time.</span>{' '}
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
          This word game could not be loaded. Check your connection and reload the page.
        </FormAlert>
      )}
      {data && mode === 'match' && (
        <MatchMode
          key={set}
          set={{ id: set, title: data.title, words: data.words }}
          signedIn={user !== null}
          nextSet={nextSet}
        />
      )}
      {data && mode !== 'match' && (
        <MatchGame
          key={set}
          words={data.words}
          signedIn={user !== null}
          setId={set}
          nextSet={nextSet}
        />
      )}
    </Page>
  );
}
