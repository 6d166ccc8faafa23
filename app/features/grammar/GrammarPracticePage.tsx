import { Link, useParams } from 'wouter';
import { GRAMMAR_TOPIC_PATHS, findGrammarTopic } from '../../../core/grammar/topics';
import { paths } from '../../../core/paths';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { compactHidden, Page } from '../../ui/Page';
import { useTopic } from './queries';
import { Quiz } from './Quiz';

/**
 * A topic's quiz in the practice player, filling the screen: no lesson above it, the lesson
 * one tap away ("Read the lesson"), and no drawers (PRODUCT.md: the player is focused).
 */
export default function GrammarPracticePage() {
  const { topic = '' } = useParams();
  const entry = findGrammarTopic(topic);
  const { data, error } = useTopic(topic);
  const nextPath = GRAMMAR_TOPIC_PATHS[GRAMMAR_TOPIC_PATHS.indexOf(topic) + 1];
  const next = nextPath ? findGrammarTopic(nextPath) : undefined;
  if (error && 'status' in error && error.status === 404) return <NotFoundPage />;
  const name = entry?.name ?? topic;
  return (
    <Page
      route="grammarPractice"
      title={`${name}: practice`}
      compact
      purpose={
        <>
          <span className={compactHidden}>Ten questions, one at a time.</span>{' '}
          <Link
            to={paths.grammarTopic(topic)}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-sky-400"
          >
            Read the lesson
          </Link>
        </>
      }
      loading={!data && !error}
    >
      {error && !data && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          This quiz could not be loaded. Check your connection and reload the page.
        </p>
      )}
      {data && (
        <Quiz
          key={data.topic}
          quizId={data.topic}
          questions={data.questions}
          nextTopic={next && { path: next.path, name: next.name }}
          leave={{
            href: paths.grammarTopic(topic),
            note: 'Your answers in this run are not scored unless you finish it.',
          }}
        />
      )}
    </Page>
  );
}
