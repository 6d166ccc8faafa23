import { Link } from 'wouter';
import { GRAMMAR_GROUPS } from '../../../core/grammar/topics';
import { paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { primaryButton } from '../../ui/form';
import { Page } from '../../ui/Page';
import { useGrammarStats } from '../../data/grammar';
import { useGrammarIndex } from './queries';
import { QuestionCalendar } from './QuestionCalendar';
import { ScoreBadge } from './ScoreBadge';
import { TopicDrawer } from './TopicDrawer';

export default function GrammarPage() {
  const { data: index } = useGrammarIndex();
  const { data: stats } = useGrammarStats();
  const { user } = useAuth();
  return (
    <Page route="grammar">
      <p className="mb-6">
        <Link
          to={paths.learn()}
          className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3 hover:border-brand-600 dark:border-slate-700 dark:hover:border-sky-400"
          data-testid="grammar-path-link"
        >
          <span className="min-w-0">
            <span className="block font-semibold">Learn in order</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">
              Your path: five units from Student to Executive, with your mastery of each topic and
              what to do next.
            </span>
          </span>
          <span aria-hidden="true" className="text-slate-400">
            →
          </span>
        </Link>
      </p>
      {user && stats && (
        <p className="mb-6 text-slate-700 dark:text-slate-300" data-testid="grammar-points">
          Your grammar points: <strong>{stats.pts.total}</strong>
        </p>
      )}
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {GRAMMAR_GROUPS.map((g) => (
          <section key={g.name} aria-labelledby={`group-${g.name}`}>
            <h2 id={`group-${g.name}`} className="text-lg font-semibold">
              {g.name}
            </h2>
            <ul className="mt-2 space-y-1">
              {g.sub.map((t) => (
                <li key={t.path}>
                  <Link
                    to={paths.grammarTopic(t.path)}
                    className="text-brand-700 underline underline-offset-2 hover:decoration-2 dark:text-sky-400"
                  >
                    {t.name}
                  </Link>
                  <ScoreBadge score={stats?.topics[t.path]} />
                  {index?.topics[t.path] && (
                    <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
                      {index.topics[t.path]?.questions} questions
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <section className="mt-10 rounded-2xl bg-brand-50 p-6 dark:bg-slate-800">
        <h2 className="text-xl font-semibold">The deep dive</h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Thirty harder questions from real work, each with one subtle issue. They mix all the
          topics.
        </p>
        <Link to={paths.deepDive(1)} className={`${primaryButton} mt-4`}>
          Start at question 1
        </Link>
      </section>
      <TopicDrawer slot={1} />
      <QuestionCalendar />
    </Page>
  );
}
