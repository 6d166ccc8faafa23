import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { zoneDayKey } from '../../../core/progress/dashboard';
import { freezeText, type GoalProgress } from '../../../core/progress/goal';
import { assignmentsDueSoon, nextStep, type NextStep } from '../../../core/progress/next-step';
import { MASTERY_NAMES } from '../../../core/grammar/mastery';
import { findGrammarTopic } from '../../../core/grammar/topics';
import { links, paths } from '../../../core/paths';
import { USER_CACHE, useAuth } from '../../lib/auth';
import { guestGoalProgress } from '../../lib/guest-goal';
import { browserZone } from '../../lib/time-zone';
import { professionFirst } from '../../lib/list-filter';
import { useDailyGoal, useSettings } from '../../lib/settings';
import { useLocalRecords, useOffline } from '../../lib/sync';
import { useMyAssignments } from '../../data/assignments';
import { usePathProgress } from '../../data/path';
import { usePrompts } from '../../data/prompts';
import { todayKey, useToday } from '../../data/today';
import { AssignedToday } from '../../ui/AssignedToday';
import { GoalBar } from '../../ui/GoalBar';
import { primaryButton } from '../../ui/form';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

const EYEBROW: Record<NextStep['kind'], string> = {
  assignment: 'Assigned to you',
  review: 'Review',
  path: 'Next on your path',
  'deep-dive': 'Keep it sharp',
};

/**
 * The one next step, in a card of its own with the page's only primary button. The rule
 * that picks it is core's (core/progress/next-step.ts).
 */
function ContinueCard({ step, offline }: { step: NextStep | null; offline: boolean }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid="continue"
      className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase dark:text-sky-300">
        {step
          ? step.kind === 'path' && step.stretch
            ? 'A stretch'
            : EYEBROW[step.kind]
          : 'Up next'}
      </p>
      <h2 id={id} className="mt-1 text-2xl font-semibold break-words">
        {step ? (
          step.title
        ) : (
          <span className="text-slate-500">
            {offline ? 'Your next step shows when you’re back online' : 'Finding your next step…'}
          </span>
        )}
      </h2>
      <p className="mt-1 min-h-6 text-slate-700 dark:text-slate-300">
        {step?.why}
        {step?.kind === 'path' && step.mastery !== 'not-started' && (
          <span className="sr-only"> Mastery: {MASTERY_NAMES[step.mastery]}.</span>
        )}
      </p>
      {step ? (
        <Link
          to={step.href}
          className={`${primaryButton} mt-4 min-h-12 w-full text-lg sm:w-auto sm:min-w-48`}
          aria-label={`Continue: ${step.title}`}
          data-testid="continue-action"
        >
          Continue
        </Link>
      ) : (
        <span
          aria-hidden="true"
          className={`${primaryButton} mt-4 min-h-12 w-full opacity-60 sm:w-auto sm:min-w-48`}
        >
          Continue
        </span>
      )}
    </section>
  );
}

/** The goal, the streak with its freezes, and the reviews due: plain facts, no buttons. */
function DayFacts({ goal, due }: { goal: GoalProgress | undefined; due: number | null }) {
  return (
    <dl
      className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3"
      aria-label="Your day"
      data-testid="today-facts"
    >
      <div className="col-span-2 rounded-xl border border-slate-200 p-4 sm:col-span-1 dark:border-slate-700">
        <dt className="text-sm text-slate-600 dark:text-slate-400">Daily goal</dt>
        <dd data-testid="today-goal">
          {goal ? (
            <>
              <span className="text-lg font-semibold">{goal.todayPoints}</span> of {goal.goal}{' '}
              points
              {goal.metToday && (
                <span className="ml-2 font-semibold text-emerald-700 dark:text-emerald-400">
                  Goal met
                </span>
              )}
              <GoalBar
                points={goal.todayPoints}
                goal={goal.goal}
                label="Today’s points toward your daily goal"
              />
            </>
          ) : (
            <span className="text-slate-500">…</span>
          )}
        </dd>
      </div>
      <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <dt className="text-sm text-slate-600 dark:text-slate-400">Streak</dt>
        <dd data-testid="today-streak">
          {goal ? (
            <>
              <span className="text-lg font-semibold">{days(goal.streak)}</span>
              <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
                {streakHint(goal)}
              </span>
              <span className="sr-only">{freezeText(goal)}</span>
            </>
          ) : (
            <span className="text-slate-500">…</span>
          )}
        </dd>
      </div>
      <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <dt className="text-sm text-slate-600 dark:text-slate-400">Reviews due</dt>
        <dd data-testid="today-review">
          {due === null ? (
            <span className="text-slate-500">…</span>
          ) : (
            <>
              <span className="text-lg font-semibold">
                {due} {due === 1 ? 'card' : 'cards'}
              </span>
              <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
                {due > 0 ? 'Due today' : 'Nothing due'}
              </span>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** One short line under the streak: how to start it, or what protects it. */
function streakHint(goal: GoalProgress): string {
  if (goal.streak === 0 && !goal.metToday)
    return `Meet today’s goal (${goal.goal - goal.todayPoints} points to go) to start one`;
  if (goal.freezes > 0)
    return `${goal.freezes} ${goal.freezes === 1 ? 'freeze' : 'freezes'} held for a missed day`;
  return `${days(goal.nextFreezeIn)} more in a row earn a freeze`;
}

const quietLink =
  'flex min-h-11 items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3 hover:border-brand-600 hover:bg-slate-50 dark:border-slate-700 dark:hover:border-sky-400 dark:hover:bg-slate-900';

/** Below the one next step: other good things to do, each a quiet link. */
function Suggestions({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-8" data-testid="today-suggestions">
      <h2 id={id} className="text-lg font-semibold">
        Also for you
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">{children}</ul>
    </section>
  );
}

function Suggestion({ href, title, why }: { href: string; title: string; why: string }) {
  return (
    <li>
      <Link to={href} className={quietLink}>
        <span className="min-w-0">
          <span className="block font-semibold break-words">{title}</span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">{why}</span>
        </span>
        <span aria-hidden="true" className="text-slate-400">
          →
        </span>
      </Link>
    </li>
  );
}

/** Today's writing prompt for the learner's work, the same all day (the day number picks it). */
function usePromptOfTheDay(): { title: string; href: string; why: string } | null {
  const { profession, chosen } = useSettings();
  const { data } = usePrompts();
  if (!data) return null;
  const ordered = professionFirst(data.prompts, profession);
  const mine = ordered.filter((p) => p.professions.includes(profession));
  const pool = mine.length > 0 ? mine : ordered;
  const dayNumber = Math.floor(Date.parse(zoneDayKey(new Date(), browserZone())) / 86_400_000);
  const prompt = pool[dayNumber % pool.length];
  return prompt
    ? {
        title: prompt.title,
        href: paths.prompt(prompt.id),
        why: chosen
          ? `Today’s writing prompt for ${profession.toLowerCase()} · ${prompt.minutes} min`
          : `Today’s writing prompt · ${prompt.minutes} min`,
      }
    : null;
}

const personalizeLink = (
  <Link
    to={links.welcome(paths.home())}
    className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-sky-400"
  >
    Personalize
  </Link>
);

const shortTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Offline, when the day's figures were fetched: the service worker answers from its copy,
 * which keeps the server's Date header. Null online, or when no copy is kept.
 */
function useFiguresAsOf(offline: boolean): Date | null {
  const [asOf, setAsOf] = useState<Date | null>(null);
  useEffect(() => {
    if (!offline) return;
    let live = true;
    globalThis.caches
      ?.open(USER_CACHE)
      .then((cache) => cache.match(todayKey(browserZone()), { ignoreVary: true }))
      .then((res) => {
        const date = res?.headers.get('Date');
        if (live && date) setAsOf(new Date(date));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [offline]);
  return offline ? asOf : null;
}

/** "As of 9:41 AM", or "As of Thursday 6:05 PM" for an earlier day. */
function asOfText(at: Date): string {
  const sameDay = zoneDayKey(at, browserZone()) === zoneDayKey(new Date(), browserZone());
  return `As of ${(sameDay ? shortTime : dayAndTime).format(at)}`;
}

/** A signed-in learner's Today: one Continue, the day's facts, then suggestions. */
function LearnerToday() {
  const { data: glance } = useToday();
  const { data: assignments } = useMyAssignments(true);
  const path = usePathProgress();
  const prompt = usePromptOfTheDay();
  const { chosen } = useSettings();
  const offline = useOffline();
  const asOf = useFiguresAsOf(offline);
  const today = zoneDayKey(new Date(), browserZone());
  const ready = glance !== undefined && assignments !== undefined && path !== undefined;
  const step = ready
    ? nextStep({ today, assignments, dueReviews: glance.due, path: path.next })
    : null;
  const planned = glance?.planned;
  const inContinue = step?.kind === 'assignment' ? step.assignment.id : undefined;
  // Work due soon leads: other assignments due within the window come right after Continue,
  // before the day's facts; otherwise they follow them.
  const dueSoon =
    assignments !== undefined &&
    assignmentsDueSoon(
      assignments.filter((a) => a.id !== inContinue),
      today,
    ).length > 0;
  const assigned = <AssignedToday exclude={inContinue} />;
  return (
    <div data-testid="today">
      <ContinueCard step={step} offline={offline} />
      {dueSoon && assigned}
      <DayFacts goal={glance?.goal} due={glance ? glance.due : null} />
      {asOf && glance && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="today-as-of">
          {asOfText(asOf)}, from your last time online.
        </p>
      )}
      {!chosen && <p className="mt-2">{personalizeLink}</p>}
      {!dueSoon && assigned}
      <Suggestions>
        {step && step.kind !== 'review' && glance && glance.due > 0 && (
          <Suggestion
            href={paths.review()}
            title={`Review ${glance.due} ${glance.due === 1 ? 'card' : 'cards'}`}
            why="Words and missed questions, just before you forget them."
          />
        )}
        {step && step.kind !== 'path' && path?.next && (
          <Suggestion
            href={paths.grammarTopic(path.next.path)}
            title={findGrammarTopic(path.next.path)?.name ?? 'Your next topic'}
            why={`Next on your grammar path · ${MASTERY_NAMES[path.next.mastery]}`}
          />
        )}
        {planned && <Suggestion href={planned.href} title={planned.title} why="On your plan." />}
        {prompt && <Suggestion {...prompt} />}
        <Suggestion
          href={paths.learn()}
          title="Your path"
          why="Every unit and topic, with your mastery."
        />
      </Suggestions>
    </div>
  );
}

/**
 * A guest who has practiced on this device: their goal and the next topic, kept here until
 * they sign up. Nothing for a first visit (the page's own first step covers it).
 */
function GuestProgress() {
  const records = useLocalRecords(null);
  const [goal] = useDailyGoal();
  const path = usePathProgress();
  if (records.length === 0) return null;
  const progress = guestGoalProgress(records, goal);
  return (
    <section
      className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-testid="guest-progress"
      aria-label="Your progress on this device"
    >
      <p data-testid="today-goal">
        {`${progress.todayPoints} of ${progress.goal} points today`}
        {progress.metToday && (
          <span className="ml-2 font-semibold text-emerald-700 dark:text-emerald-400">
            Goal met
          </span>
        )}
        <span className="block text-sm text-slate-600 dark:text-slate-400">
          Kept on this device until you create an account.
        </span>
      </p>
      <GoalBar
        points={progress.todayPoints}
        goal={progress.goal}
        label="Today’s points toward your daily goal"
      />
      {path?.next && (
        <p className="mt-3 text-sm">
          Next on your path:{' '}
          <Link
            to={paths.grammarTopic(path.next.path)}
            className="font-semibold text-brand-700 underline underline-offset-2 dark:text-sky-400"
          >
            {findGrammarTopic(path.next.path)?.name}
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * The signed-in learner's Today, or what a guest has kept on this device. Loaded lazily, so
 * the home page's first load stays small.
 */
export default function Today() {
  const { user } = useAuth();
  return user ? <LearnerToday /> : <GuestProgress />;
}
