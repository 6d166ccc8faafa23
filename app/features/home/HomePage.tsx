import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useHistoryEntryState } from '../../lib/navigation';
import type { ContentSummary } from '../../../core/content/summary';
import { links, paths } from '../../../core/paths';
import { useContentSummary } from '../../lib/content';
import { Page } from '../../ui/Page';
import { SECTION_TONE, type ToneId } from '../../ui/sections';
import { primaryButton } from '../../ui/form';
import { useAuth } from '../../lib/auth';
import { useSettings } from '../../lib/settings';
import { PATH_TOPICS } from '../../../core/grammar/path';

interface Section {
  id: ToneId;
  to: string;
  name: string;
  skill: string;
  blurb: string;
  count: (s: ContentSummary) => string;
}

// Today (a learner's, or a guest's kept progress) loads after the page, so the first load
// stays within its budget.
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

const cardLink =
  'flex h-full flex-col rounded-xl border border-t-4 border-slate-200 p-5 transition hover:border-brand-600 hover:shadow-md motion-reduce:transition-none dark:border-slate-700 dark:hover:border-sky-400';

/** Every section, one tap each: browsing stays possible below the next step, never instead. */
function Sections({ heading }: { heading?: string }) {
  const { data, error } = useContentSummary();
  return (
    <section aria-label={heading ? undefined : 'Sections'} className="mt-10">
      {heading && <h2 className="mb-4 text-lg font-semibold">{heading}</h2>}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((s) => (
          <li key={s.name}>
            <Link to={s.to} className={`${cardLink} ${SECTION_TONE[s.id].bar}`}>
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
    </section>
  );
}

/** The first topic on the path: a guest's two-minute first step. */
const FIRST_TOPIC = PATH_TOPICS[0] as (typeof PATH_TOPICS)[number];

/**
 * A guest's one first step — a short quiz on the first topic of the path — and, beside it,
 * why an account is worth making. While auth is unknown it keeps its place invisibly, so a
 * learner's Today replaces it without moving what follows.
 */
function GuestStart({ hidden }: { hidden: boolean }) {
  const { chosen, profession, level } = useSettings();
  return (
    <section
      aria-labelledby="guest-start"
      className={`rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6 dark:border-slate-700 dark:bg-slate-900 ${hidden ? 'invisible' : ''}`}
      aria-hidden={hidden || undefined}
      data-testid={hidden ? undefined : 'guest-start'}
    >
      <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase dark:text-sky-300">
        Start here
      </p>
      <h2 id="guest-start" className="mt-1 text-2xl font-semibold">
        Try a 2-minute quiz
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Questions on {FIRST_TOPIC.name.toLowerCase()} drawn from real work writing, each with why
        the answer is right, and the lesson one tap away. No account needed.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3">
        <Link
          to={paths.grammarPractice(FIRST_TOPIC.path)}
          className={`${primaryButton} min-h-12 w-full text-lg sm:w-auto sm:min-w-48`}
          tabIndex={hidden ? -1 : undefined}
          data-testid="guest-first-step"
        >
          Start the quiz
        </Link>
        {chosen ? (
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="guest-settings">
            For {profession.toLowerCase()} · {level.toLowerCase()}.{' '}
            <Link
              to={links.welcome(paths.home())}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 dark:text-sky-400"
              tabIndex={hidden ? -1 : undefined}
            >
              Change
            </Link>
          </p>
        ) : (
          <Link
            to={links.welcome(paths.home())}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 dark:text-sky-400"
            tabIndex={hidden ? -1 : undefined}
          >
            Personalize first
          </Link>
        )}
      </div>
      <p
        className="mt-4 border-t border-brand-100 pt-4 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300"
        data-needs-network
      >
        <Link
          to={links.signUp(paths.home())}
          className="font-semibold text-brand-700 underline underline-offset-2 dark:text-sky-400"
          tabIndex={hidden ? -1 : undefined}
        >
          Create a free account
        </Link>{' '}
        to keep your progress on every device, get spaced review of what you miss, and build a daily
        streak.
      </p>
    </section>
  );
}

export default function HomePage() {
  const { user, ready } = useAuth();
  // A message the previous page left for this one (e.g. after deleting an account).
  const notice = useHistoryEntryState<{ notice: string }>().notice;
  const noticeBox = notice && (
    <p
      role="status"
      className="mb-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100"
    >
      {notice}
    </p>
  );
  if (user)
    return (
      <Page route="home" title="Today" purpose={formatWeekday(new Date())}>
        {noticeBox}
        <Suspense fallback={null}>
          <Today />
        </Suspense>
        <Sections heading="Everything in Skillway" />
      </Page>
    );
  return (
    <Page route="home" title="Learn the skills your work runs on">
      {noticeBox}
      <GuestStart hidden={!ready} />
      {ready && (
        <Suspense fallback={null}>
          <Today />
        </Suspense>
      )}
      <Sections />
    </Page>
  );
}

const weekday = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});
/** "Friday, November 27" in the browser's zone. */
const formatWeekday = (d: Date) => weekday.format(d);
