import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useHistoryEntryState } from '../../lib/navigation';
import type { ContentSummary } from '../../../core/content/summary';
import { paths } from '../../../core/paths';
import { useContentSummary } from '../../lib/content';
import { Page } from '../../ui/Page';
import { SECTION_TONE, type ToneId } from '../../ui/sections';

interface Section {
  id: ToneId;
  to: string;
  name: string;
  skill: string;
  blurb: string;
  count: (s: ContentSummary) => string;
}

// The day at a glance loads after the page, so the first load stays within its budget.
const Today = lazy(() => import('./Today'));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const SECTIONS: Section[] = [
  {
    to: paths.grammar(),
    id: 'grammar',
    name: 'Grammar',
    skill: 'Clear communication',
    blurb: 'Short lessons and quizzes on 25 topics, plus a 30-question deep dive.',
    count: (s) =>
      `${plural(s.grammarTopics, 'topic')} · ${plural(s.grammarQuestions + s.deepDiveQuestions, 'question')}`,
  },
  {
    to: paths.vocabulary(),
    id: 'vocabulary',
    name: 'Vocabulary',
    skill: 'Professional contexts',
    blurb: 'Word sets for negotiation, finance, product, data and more.',
    count: (s) => `${plural(s.wordSets, 'word set')} · ${plural(s.words, 'word')}`,
  },
  {
    to: paths.doodles(),
    id: 'doodles',
    name: 'Doodles',
    skill: 'Creativity',
    blurb: 'Draw a word to make it stick.',
    count: (s) => `${plural(s.words, 'word')} to draw`,
  },
  {
    to: paths.prompts(),
    id: 'prompts',
    name: 'Prompts',
    skill: 'Content and strategy',
    blurb: 'Writing prompts that end with a draft you can use at work.',
    count: (s) => plural(s.prompts, 'prompt'),
  },
  {
    to: paths.insights(),
    id: 'insights',
    name: 'Insights',
    skill: 'Decision-making',
    blurb: 'Mental models and frameworks, each with a worked example.',
    count: (s) => plural(s.insights, 'insight'),
  },
  {
    to: paths.interviews(),
    id: 'interviews',
    name: 'Interviews',
    skill: 'Opportunities',
    blurb: 'Behavioral, system-design and coding questions to practice out loud.',
    count: (s) =>
      plural(
        s.interviewQuestions.behavioral +
          s.interviewQuestions['system-design'] +
          s.interviewQuestions.coding,
        'question',
      ),
  },
  {
    to: paths.progress(),
    id: 'progress',
    name: 'Activity',
    skill: 'Results',
    blurb: 'Your points, progress and skills profile against a career target.',
    count: (s) =>
      `${plural(s.activities, 'activity', 'activities')} · ${plural(s.skills, 'skill')}`,
  },
];

export default function HomePage() {
  const { data, error } = useContentSummary();
  // A message the previous page left for this one (e.g. after deleting an account).
  const notice = useHistoryEntryState<{ notice: string }>().notice;
  return (
    <Page route="home" title="Learn the skills your work runs on">
      {notice && (
        <p
          role="status"
          className="mb-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100"
        >
          {notice}
        </p>
      )}
      <Suspense fallback={null}>
        <Today />
      </Suspense>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((s) => (
          <li key={s.name}>
            <Link
              to={s.to}
              className={`flex h-full flex-col rounded-xl border border-t-4 border-slate-200 p-5 transition hover:border-brand-600 hover:shadow-md motion-reduce:transition-none dark:border-slate-700 dark:hover:border-sky-400 ${SECTION_TONE[s.id].bar}`}
            >
              <span
                className={`text-xs font-semibold tracking-wide uppercase ${SECTION_TONE[s.id].text}`}
              >
                {s.skill}
              </span>
              <span className="mt-1 text-xl font-semibold">{s.name}</span>
              <span className="mt-2 flex-1 text-slate-600 dark:text-slate-300">{s.blurb}</span>
              <span
                className="mt-4 text-sm text-slate-500 dark:text-slate-400"
                data-testid={`count-${s.name.toLowerCase()}`}
              >
                {data ? s.count(data) : error ? '' : '…'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {error && (
        <p role="status" className="mt-4 text-sm text-slate-500">
          Content figures are unavailable right now.
        </p>
      )}
    </Page>
  );
}
