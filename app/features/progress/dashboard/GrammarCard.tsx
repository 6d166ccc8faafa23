import { Link } from 'wouter';
import { TOPIC_SCORE_THRESHOLD } from '../../../../core/constants';
import { isStrongScore } from '../../../../core/grammar/scoring';
import type { Dashboard, DashboardTopic } from '../../../../core/progress/dashboard';
import { formatScore } from '../../../../core/grammar/scoring';
import { paths } from '../../../../core/paths';
import { Card, FirstStep, linkClass } from './Card';

/** Score plus a word and a symbol, so green and red are never the only signal. */
export function TopicScore({ score }: { score: number | null }) {
  if (score === null)
    return <span className="text-sm text-slate-500 dark:text-slate-400">No quiz yet</span>;
  const good = isStrongScore(score);
  return (
    <span
      className={`text-sm font-semibold whitespace-nowrap ${good ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
    >
      <span className="tabular-nums">{formatScore(score)}</span> ·{' '}
      <span aria-hidden="true">{good ? '✓ ' : '✗ '}</span>
      {good ? 'Good' : 'Needs practice'}
    </span>
  );
}

function groups(topics: DashboardTopic[]): [string, DashboardTopic[]][] {
  const byGroup = new Map<string, DashboardTopic[]>();
  for (const t of topics) byGroup.set(t.group, [...(byGroup.get(t.group) ?? []), t]);
  return [...byGroup.entries()];
}

export function GrammarCard({ grammar }: { grammar: Dashboard['grammar'] }) {
  const { deepDive, weakest, topics } = grammar;
  const scored = topics.some((t) => t.score !== null);
  if (!scored && deepDive.answered === 0) {
    return (
      <Card title="Grammar" wide>
        <FirstStep>
          <p>Your topic scores, deep-dive progress and the topics worth practicing show up here.</p>
          <p className="mt-2">
            <Link to={paths.deepDive(1)} className={linkClass}>
              Answer your first grammar question
            </Link>{' '}
            or{' '}
            <Link to={paths.grammar()} className={linkClass}>
              take a topic quiz
            </Link>
            .
          </p>
        </FirstStep>
      </Card>
    );
  }
  const nextQuestion = Math.min(deepDive.answered + 1, Math.max(deepDive.total, 1));
  return (
    <Card title="Grammar" wide>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <p className="font-semibold" data-testid="deep-dive-progress">
            Deep dive: {deepDive.answered} / {deepDive.total}
          </p>
          <div
            aria-hidden="true"
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div
              className="h-full rounded-full bg-brand-600 dark:bg-sky-500"
              style={{
                width: `${deepDive.total ? (deepDive.answered / deepDive.total) * 100 : 0}%`,
              }}
            />
          </div>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {deepDive.correct} of {deepDive.answered} answered correctly.{' '}
            {deepDive.answered < deepDive.total && (
              <Link to={paths.deepDive(nextQuestion)} className={linkClass}>
                {deepDive.answered === 0 ? 'Start the deep dive' : 'Continue the deep dive'}
              </Link>
            )}
          </p>
        </div>
        <div>
          <h4 className="font-semibold">Weakest topics</h4>
          {weakest.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Take a topic quiz to see which topics need practice.{' '}
              <Link to={paths.grammar()} className={linkClass}>
                Choose a topic
              </Link>
            </p>
          ) : (
            <ol className="mt-1 space-y-1">
              {weakest.map((t) => (
                <li key={t.topic} className="flex flex-wrap items-baseline gap-x-2">
                  <Link to={paths.grammarTopic(t.topic)} className={linkClass}>
                    Practice {t.title}
                  </Link>
                  <TopicScore score={t.score} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      <h4 className="mt-6 font-semibold">Topic scores</h4>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        From your latest quiz on each topic; above {TOPIC_SCORE_THRESHOLD} is good. Your mastery of
        each topic, with the deep dive counted too, is on{' '}
        <Link to={paths.learn()} className={linkClass}>
          your path
        </Link>
        .
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groups(topics).map(([group, list]) => (
          <div key={group}>
            <h5 className="text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {group}
            </h5>
            <ul className="mt-1 space-y-1">
              {list.map((t) => (
                <li key={t.topic} className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <Link
                    to={paths.grammarTopic(t.topic)}
                    className="text-brand-700 hover:underline dark:text-sky-400"
                  >
                    {t.title}
                  </Link>
                  <TopicScore score={t.score} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Card>
  );
}
