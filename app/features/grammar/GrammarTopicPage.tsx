import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import {
  GRAMMAR_GROUPS,
  GRAMMAR_TOPIC_PATHS,
  findGrammarTopic,
} from '../../../core/grammar/topics';
import { buildsOn } from '../../../core/grammar/builds-on';
import { GRAMMAR_PATH, PATH_TOPICS } from '../../../core/grammar/path';
import { paths } from '../../../core/paths';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { primaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { useTopic } from './queries';
import { TopicDrawer } from './TopicDrawer';

export default function GrammarTopicPage() {
  const { topic = '' } = useParams();
  const entry = findGrammarTopic(topic);
  const { data, error } = useTopic(topic);
  const group = GRAMMAR_GROUPS.find((g) => g.name === entry?.group);
  const nextPath = GRAMMAR_TOPIC_PATHS[GRAMMAR_TOPIC_PATHS.indexOf(topic) + 1];
  const next = nextPath ? findGrammarTopic(nextPath) : undefined;
  const unit = PATH_TOPICS.find((t) => t.path === topic)?.unit;
  const before = buildsOn(topic);
  const [, navigate] = useLocation();
  // The quiz used to be on this page: an old link to it (#quiz) opens the practice player.
  // After hydration, so the server's lesson and the first render agree.
  useEffect(() => {
    if (window.location.hash === '#quiz') navigate(paths.grammarPractice(topic), { replace: true });
  }, [navigate, topic]);
  if (error && 'status' in error && error.status === 404) return <NotFoundPage />;
  return (
    <Page
      route="grammarTopic"
      title={entry?.name ?? topic}
      purpose={data?.lesson.summary ?? `Part of the ${entry?.group ?? ''} group.`}
      loading={!data && !error}
    >
      {error && !data && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          This lesson could not be loaded. Check your connection and reload the page.
        </p>
      )}
      {data && (
        <div className="grid gap-10">
          {unit && (
            // Where the topic sits on the path (/learn) and what it assumes you know.
            <div
              className="-mt-4 text-sm text-slate-600 dark:text-slate-300"
              data-testid="topic-place"
            >
              <p>
                <Link
                  to={paths.learn()}
                  className="font-semibold text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                >
                  Unit {GRAMMAR_PATH.indexOf(unit) + 1} · {unit.level}
                </Link>{' '}
                · {unit.title}
              </p>
              <p className="mt-1">
                {before.length === 0 ? (
                  'A starting point: it builds on no other topic.'
                ) : (
                  <>
                    Builds on:{' '}
                    {before.map((t, i) => (
                      <span key={t.path}>
                        {i > 0 && ', '}
                        <Link
                          to={paths.grammarTopic(t.path)}
                          className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-400"
                        >
                          {t.name}
                        </Link>
                      </span>
                    ))}
                  </>
                )}
              </p>
            </div>
          )}
          <p className="flex flex-wrap items-center gap-3">
            <Link to={paths.grammarPractice(topic)} className={`${primaryButton} min-h-12 px-6`}>
              Practice
            </Link>
            <span className="text-sm text-slate-600 dark:text-slate-300">
              Ten questions, about five minutes.
            </span>
          </p>
          <section aria-labelledby="lesson-rules">
            <h2 id="lesson-rules" className="text-xl font-semibold">
              The rules
            </h2>
            <ol className="mt-3 space-y-4">
              {data.lesson.rules.map((r) => (
                <li key={r.rule} className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
                  <p className="font-medium">{r.rule}</p>
                  <ul className="mt-2 space-y-1 text-slate-700 dark:text-slate-300">
                    {r.examples.map((e) => (
                      <li key={e} className="border-l-4 border-brand-600 pl-3 italic">
                        {e}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="lesson-mistakes">
            <h2 id="lesson-mistakes" className="text-xl font-semibold">
              Common mistakes
            </h2>
            <ul className="mt-3 space-y-3">
              {data.lesson.mistakes.map((m) => (
                <li
                  key={m.wrong}
                  className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
                >
                  <p>
                    <span className="font-semibold text-red-700 dark:text-red-400">✗ Not: </span>
                    <s>{m.wrong}</s>
                  </p>
                  <p>
                    <span className="font-semibold text-emerald-700 dark:text-emerald-400">
                      ✓ But:{' '}
                    </span>
                    {m.right}
                  </p>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{m.why}</p>
                </li>
              ))}
            </ul>
          </section>
          <section
            aria-labelledby="lesson-practice"
            className="rounded-2xl bg-brand-50 p-5 sm:p-6 dark:bg-slate-800/60"
          >
            <h2 id="lesson-practice" className="text-xl font-semibold">
              Check what you learned
            </h2>
            <p className="mt-1 text-slate-700 dark:text-slate-200">
              Ten questions on {entry?.name.toLowerCase() ?? 'this topic'}, each with why the answer
              is right.
            </p>
            <Link to={paths.grammarPractice(topic)} className={`${primaryButton} mt-4`}>
              Practice
            </Link>
            {next && (
              <p className="mt-3 text-sm">
                Or go on to the next lesson:{' '}
                <Link
                  to={paths.grammarTopic(next.path)}
                  className="font-semibold text-brand-700 underline dark:text-sky-400"
                >
                  {next.name}
                </Link>
              </p>
            )}
          </section>
          {group && group.sub.length > 1 && (
            <nav aria-label={`Other ${group.name.toLowerCase()} topics`}>
              <h2 className="text-lg font-semibold">More in {group.name}</h2>
              <ul className="mt-2 flex flex-wrap gap-3">
                {group.sub
                  .filter((t) => t.path !== topic)
                  .map((t) => (
                    <li key={t.path}>
                      <Link
                        to={paths.grammarTopic(t.path)}
                        className="text-brand-700 hover:underline dark:text-sky-400"
                      >
                        {t.name}
                      </Link>
                    </li>
                  ))}
              </ul>
            </nav>
          )}
        </div>
      )}
      <TopicDrawer />
    </Page>
  );
}
