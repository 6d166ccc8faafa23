import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { zoneDayKey } from '../../../core/progress/dashboard';
import { formatDayMonth } from '../../../core/dates';
import { goalAnswers, type GoalProgress } from '../../../core/progress/goal';
import { GRAMMAR_GROUPS } from '../../../core/grammar/topics';
import { links, paths } from '../../../core/paths';
import { useAuth } from '../../lib/auth';
import { guestGoalProgress } from '../../lib/guest-goal';
import { browserZone } from '../../lib/time-zone';
import { professionFirst } from '../../lib/list-filter';
import { useGuestGoal, useSettings } from '../../lib/settings';
import { useLocalRecords } from '../../lib/sync';
import { useDashboard } from '../../data/dashboard';
import { useGrammarStats } from '../../data/grammar';
import { usePrompts } from '../../data/prompts';
import { useReviewCount } from '../../data/review';
import { AssignedToday } from '../../ui/AssignedToday';
import { GoalBar } from '../../ui/GoalBar';

const linkAction =
  'mt-auto inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 dark:bg-sky-500 dark:text-slate-950 dark:hover:bg-sky-400';
const quietAction =
  'mt-auto inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** One fact of the day with the one action that follows from it. */
function Tile({
  label,
  children,
  action,
  testId,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  action: ReactNode;
  testId: string;
  /** Spans both columns on a phone (long titles, the goal's bar). */
  wide?: boolean;
}) {
  const id = useId();
  return (
    <li
      aria-labelledby={id}
      className={`flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4 lg:col-span-1 dark:border-slate-700 dark:bg-slate-900 ${wide ? 'col-span-2' : ''}`}
      data-testid={testId}
    >
      <h3
        id={id}
        className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        {label}
      </h3>
      <div className="min-w-0">{children}</div>
      {action}
    </li>
  );
}

function GoalTile({ goal, nextHref }: { goal: GoalProgress; nextHref: string }) {
  return (
    <Tile
      label="Daily goal"
      testId="today-goal"
      wide
      action={
        <Link to={nextHref} className={goal.metToday ? quietAction : linkAction}>
          {goal.metToday ? 'Keep practicing' : 'Earn points'}
        </Link>
      }
    >
      <p className="text-lg">
        <span className="font-semibold">{goal.todayPoints}</span> of {goal.goal} points
        {goal.metToday && (
          <span className="ml-2 font-semibold text-emerald-700 dark:text-emerald-400">✓ Met</span>
        )}
      </p>
      <GoalBar
        points={goal.todayPoints}
        goal={goal.goal}
        label="Today’s points toward your daily goal"
      />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Goal: {goalAnswers(goal.goal)} · streak {days(goal.streak)}
      </p>
    </Tile>
  );
}

/** The next topic in the grammar path: the first never quizzed, else the weakest. */
function nextTopic(scores: Record<string, number>) {
  const all = GRAMMAR_GROUPS.flatMap((g) => g.sub);
  const fresh = all.find((t) => scores[t.path] === undefined);
  if (fresh) return { topic: fresh, score: null };
  const weakest = [...all].sort((a, b) => (scores[a.path] ?? 0) - (scores[b.path] ?? 0))[0];
  return weakest ? { topic: weakest, score: scores[weakest.path] ?? 0 } : null;
}

function LessonTile({ scores }: { scores: Record<string, number> | undefined }) {
  const next = scores ? nextTopic(scores) : null;
  return (
    <Tile
      label="Next lesson"
      testId="today-lesson"
      action={
        next ? (
          <Link to={paths.grammarTopic(next.topic.path)} className={linkAction}>
            Start<span className="sr-only"> {next.topic.name}</span>
          </Link>
        ) : (
          <span className={quietAction} aria-hidden="true">
            …
          </span>
        )
      }
    >
      {next ? (
        <p>
          <span className="font-semibold">{next.topic.name}</span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">
            {next.score === null
              ? 'A short lesson, then a 10-question quiz.'
              : `Your weakest topic: ${next.score}% last time.`}
          </span>
        </p>
      ) : (
        <p className="text-slate-500">Loading…</p>
      )}
    </Tile>
  );
}

function ReviewTile({ due }: { due: number }) {
  return (
    <Tile
      label="Reviews due"
      testId="today-review"
      action={
        <Link to={paths.review()} className={due > 0 ? linkAction : quietAction}>
          {due > 0 ? 'Review now' : 'Open review'}
        </Link>
      }
    >
      <p className="text-lg font-semibold">
        {due} {due === 1 ? 'card' : 'cards'}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {due > 0
          ? 'Words and missed questions, just before you forget them.'
          : 'Nothing due today. Missed questions come back here.'}
      </p>
    </Tile>
  );
}

/** A planned item first; otherwise today's prompt for the learner's profession. */
function SuggestionTile({ planned }: { planned: { title: string; href: string } | undefined }) {
  const { profession, chosen } = useSettings();
  const { data } = usePrompts();
  let pick = planned ? { ...planned, why: 'Next on your plan.' } : null;
  if (!pick && data) {
    const ordered = professionFirst(data.prompts, profession);
    const mine = ordered.filter((p) => p.professions.includes(profession));
    const pool = mine.length > 0 ? mine : ordered;
    const dayNumber = Math.floor(Date.parse(zoneDayKey(new Date(), browserZone())) / 86_400_000);
    const prompt = pool[dayNumber % pool.length];
    if (prompt)
      pick = {
        title: prompt.title,
        href: paths.prompt(prompt.id),
        why: chosen
          ? `Today’s writing prompt for ${profession.toLowerCase()} · ${prompt.minutes} min.`
          : `Today’s writing prompt · ${prompt.minutes} min.`,
      };
  }
  return (
    <Tile
      label="Suggested"
      testId="today-suggestion"
      wide
      action={
        pick ? (
          <Link to={pick.href} className={quietAction}>
            Open
            <span className="sr-only">: {pick.title}</span>
          </Link>
        ) : (
          <span className={quietAction} aria-hidden="true">
            …
          </span>
        )
      }
    >
      {pick ? (
        <p>
          <span className="font-semibold">{pick.title}</span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">{pick.why}</span>
        </p>
      ) : (
        <p className="text-slate-500">Loading…</p>
      )}
    </Tile>
  );
}

function TodayFrame({
  children,
  aside,
  footer,
}: {
  children: ReactNode;
  aside?: ReactNode;
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-10" data-testid="today">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="text-2xl font-semibold">
          Today <span className="font-normal text-slate-500">· {formatDayMonth(new Date())}</span>
        </h2>
        {aside}
      </div>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">{children}</ul>
      {footer}
    </section>
  );
}

const personalizeLink = (
  <Link
    to={links.welcome(paths.home())}
    className="text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-sky-400"
  >
    Personalize
  </Link>
);

function LearnerToday() {
  const { data: board, error } = useDashboard();
  const due = useReviewCount(true);
  const { data: stats } = useGrammarStats();
  const { chosen } = useSettings();
  if (error && !board) return null; // the sections below still work
  const lesson = stats ? nextTopic(stats.topics) : null;
  const nextHref = lesson ? paths.grammarTopic(lesson.topic.path) : paths.grammar();
  return (
    <TodayFrame aside={!chosen && personalizeLink} footer={<AssignedToday />}>
      {board ? (
        <GoalTile goal={board.goal} nextHref={nextHref} />
      ) : (
        <Tile label="Daily goal" testId="today-goal" action={null}>
          <p className="text-slate-500">Loading…</p>
        </Tile>
      )}
      <ReviewTile due={due} />
      <LessonTile scores={stats?.topics} />
      <SuggestionTile planned={board?.next[0]} />
    </TodayFrame>
  );
}

/**
 * A new visitor's Today: one invitation to personalize. Until auth has answered it stands
 * in, invisible, for whatever Today will show: a first visit (the usual case) then gets the
 * banner in the space already kept for it, and the sections below do not move.
 */
function PersonalizeBanner({ placeholder = false }: { placeholder?: boolean }) {
  return (
    <section
      className={`mb-10 flex flex-wrap items-center gap-4 rounded-xl border border-brand-100 bg-brand-50 p-5 dark:border-slate-700 dark:bg-slate-900 ${placeholder ? 'invisible' : ''}`}
      data-testid={placeholder ? undefined : 'personalize'}
      aria-hidden={placeholder || undefined}
    >
      <p className="min-w-0 flex-1 basis-72">
        <span className="block text-lg font-semibold">New here? Make Skillway yours.</span>
        <span className="text-slate-700 dark:text-slate-300">
          Four quick choices — your work, level, target role and daily goal — put the content for
          you first. Kept on this device.
        </span>
      </p>
      <Link
        to={links.welcome(paths.home())}
        className={linkAction.replace('mt-auto ', '')}
        tabIndex={placeholder ? -1 : undefined}
      >
        Personalize
      </Link>
    </section>
  );
}

function GuestToday() {
  const records = useLocalRecords(null);
  const [goal] = useGuestGoal();
  const { chosen } = useSettings();
  const { data: stats } = useGrammarStats();
  const progress = records.length > 0 ? guestGoalProgress(records, goal) : null;
  if (!progress && !chosen) return <PersonalizeBanner />;
  const lesson = stats ? nextTopic(stats.topics) : null;
  const nextHref = lesson ? paths.grammarTopic(lesson.topic.path) : paths.grammar();
  const goalNow = progress ?? guestGoalProgress([], goal);
  return (
    <TodayFrame
      aside={
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Kept on this device.{' '}
          <Link
            to={links.signUp(paths.home())}
            className="font-semibold text-brand-700 underline underline-offset-2 dark:text-sky-400"
          >
            Create an account
          </Link>{' '}
          to keep it on every device and get reviews.
        </p>
      }
    >
      <GoalTile goal={goalNow} nextHref={nextHref} />
      <LessonTile scores={stats?.topics ?? {}} />
      <Tile
        label="Your settings"
        testId="today-settings"
        action={
          <Link to={links.welcome(paths.home())} className={quietAction}>
            Change
          </Link>
        }
      >
        <GuestSettings />
      </Tile>
      <SuggestionTile planned={undefined} />
    </TodayFrame>
  );
}

function GuestSettings() {
  const { profession, level, chosen } = useSettings();
  return chosen ? (
    <p>
      <span className="font-semibold">
        {profession} · {level}
      </span>
      <span className="block text-sm text-slate-600 dark:text-slate-400">
        Content for your work comes first.
      </span>
    </p>
  ) : (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      Choose your work and level to put the content for you first.
    </p>
  );
}

/**
 * The home page's first block: the day at a glance, one tap to each next step. A learner's
 * comes from the dashboard and the review count; a guest's from what this device keeps.
 * Loaded lazily, so the home page's first load stays small.
 */
export default function Today() {
  const { user, ready } = useAuth();
  if (!ready) return <PersonalizeBanner placeholder />;
  return user ? <LearnerToday /> : <GuestToday />;
}
