import { useId } from 'react';
import { Link } from 'wouter';
import {
  MASTERED_SCORE,
  MASTERY_NAMES,
  PROFICIENT_SCORE,
  type Mastery,
} from '../../../core/grammar/mastery';
import { GRAMMAR_PATH, PATH_TOPICS, type PathUnit } from '../../../core/grammar/path';
import { findGrammarTopic } from '../../../core/grammar/topics';
import { zoneDayKey } from '../../../core/progress/dashboard';
import { paths } from '../../../core/paths';
import { topicStepHref } from '../../../core/progress/next-step';
import { VOCABULARY_PATH } from '../../../core/vocabulary/path';
import { dueLabel, type MyAssignment } from '../../../core/teams/assignments';
import { useAuth } from '../../lib/auth';
import { useItemLists } from '../../lib/items';
import { browserZone } from '../../lib/time-zone';
import { useMyAssignments } from '../../data/assignments';
import { usePathProgress } from '../../data/path';
import { useWordSets } from '../../data/word-sets';
import { professionFirst } from '../../lib/list-filter';
import { useSettings } from '../../lib/settings';
import { primaryButton } from '../../ui/form';
import { ChevronDownIcon } from '../../ui/icons';
import { Page } from '../../ui/Page';

/** Each mastery level's mark: a shape and a colour, always with its name beside it. */
const MARK: Record<Mastery, { dot: string; text: string }> = {
  'not-started': {
    dot: 'border-2 border-slate-300 dark:border-slate-600',
    text: 'text-slate-600 dark:text-slate-400',
  },
  practicing: {
    dot: 'border-2 border-amber-500 bg-[linear-gradient(90deg,var(--color-amber-500)_50%,transparent_50%)]',
    text: 'text-amber-800 dark:text-amber-300',
  },
  proficient: {
    dot: 'bg-sky-600 dark:bg-sky-400',
    text: 'text-sky-800 dark:text-sky-300',
  },
  mastered: {
    dot: 'bg-emerald-600 ring-2 ring-emerald-200 dark:bg-emerald-400 dark:ring-emerald-900',
    text: 'text-emerald-800 dark:text-emerald-300',
  },
};

function MasteryMark({ mastery }: { mastery: Mastery }) {
  return (
    <span className={`flex items-center gap-2 text-sm font-medium ${MARK[mastery].text}`}>
      <span aria-hidden="true" className={`size-3.5 shrink-0 rounded-full ${MARK[mastery].dot}`} />
      {MASTERY_NAMES[mastery]}
    </span>
  );
}

/** Open topic assignments by topic path, soonest due first. */
function assignedTopics(assignments: readonly MyAssignment[] | undefined) {
  const byTopic = new Map<string, MyAssignment>();
  for (const a of assignments ?? [])
    if (a.kind === 'topic' && a.status !== 'done' && !byTopic.has(a.contentId))
      byTopic.set(a.contentId, a);
  return byTopic;
}

function UnitSection({
  unit,
  index,
  masteries,
  next,
  assigned,
}: {
  unit: PathUnit;
  index: number;
  masteries: Map<string, Mastery> | undefined;
  next: string | undefined;
  assigned: Map<string, MyAssignment>;
}) {
  const id = useId();
  const done = masteries
    ? unit.topics.filter((t) => ['proficient', 'mastered'].includes(masteries.get(t) ?? '')).length
    : null;
  const today = zoneDayKey(new Date(), browserZone());
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 dark:border-slate-700"
      data-testid={`unit-${unit.id}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-slate-200 p-4 dark:border-slate-700">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
            Unit {index + 1} · {unit.level}
          </p>
          <h3 id={id} className="text-lg font-semibold">
            {unit.title}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{unit.about}</p>
        </div>
        {/* Kept in place (invisible) until the learner's progress is known: no layout shift. */}
        <p
          className={`text-sm text-slate-600 dark:text-slate-400 ${done === null ? 'invisible' : ''}`}
        >
          {done ?? 0} of {unit.topics.length} proficient
        </p>
      </header>
      <ol className="divide-y divide-slate-200 dark:divide-slate-700">
        {unit.topics.map((path) => {
          const name = findGrammarTopic(path)?.name ?? path;
          const isNext = path === next;
          const assignment = assigned.get(path);
          const due = assignment && dueLabel(assignment.dueOn, assignment.status, today);
          return (
            <li
              key={path}
              className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 ${isNext ? 'bg-brand-50 dark:bg-slate-800/70' : ''}`}
              data-testid={`path-topic-${path}`}
              aria-current={isNext ? 'step' : undefined}
            >
              <span className="min-w-0">
                <Link
                  to={paths.grammarTopic(path)}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-sky-400"
                >
                  {name}
                </Link>
                {(isNext || (masteries === undefined && path === PATH_TOPICS[0]?.path)) && (
                  // Until progress is known the first topic keeps the badge's room, invisibly.
                  <span
                    className={`ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-sky-400 dark:text-slate-950 ${isNext ? '' : 'invisible'}`}
                    aria-hidden={isNext ? undefined : true}
                  >
                    Up next
                  </span>
                )}
                {assignment && (
                  <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">
                    Assigned by {assignment.teamName}
                    {due ? ` · ${due}` : ''}
                  </span>
                )}
              </span>
              {masteries ? (
                <MasteryMark mastery={masteries.get(path) ?? 'not-started'} />
              ) : (
                <span className="invisible" aria-hidden="true">
                  <MasteryMark mastery="not-started" />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A part of the path's heading, with its whole catalog one tap away. */
function SectionHead(props: { id: string; title: string; href: string; link: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
      <h2 id={props.id} className="text-2xl font-semibold">
        {props.title}
      </h2>
      <Link
        to={props.href}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-sky-400"
      >
        {props.link}
      </Link>
    </div>
  );
}

/**
 * Vocabulary as five units by level (core/vocabulary/path.ts): each word set sits in one, the
 * learner's profession first within it, with how many of its words are learned.
 */
function VocabularyPath() {
  const { data } = useWordSets();
  const { data: lists } = useItemLists('word');
  const { profession } = useSettings();
  const id = useId();
  const completed = new Set(lists?.completed ?? []);
  const sets = data ? professionFirst(data.sets, profession) : [];
  return (
    <section aria-labelledby={id} className="mt-12">
      <SectionHead id={id} title="Vocabulary" href={paths.vocabulary()} link="All word sets" />
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        From the words every job uses to the words of leading a team. A word counts as learned once
        you complete it.
      </p>
      {!data ? (
        <p className="mt-3 text-slate-500">Loading word sets…</p>
      ) : (
        <div className="mt-4 grid gap-4">
          {VOCABULARY_PATH.map((unit, i) => {
            const rows = sets
              .filter((s) => s.unit === unit.id)
              .map((s) => ({
                set: s,
                total: s.items.length,
                learned: s.items.filter((w) => completed.has(w.id)).length,
              }));
            const total = rows.reduce((n, r) => n + r.total, 0);
            const learned = rows.reduce((n, r) => n + r.learned, 0);
            return (
              <details
                key={unit.id}
                className="group rounded-2xl border border-slate-200 dark:border-slate-700"
                data-testid={`vocabulary-unit-${unit.id}`}
              >
                <summary className="flex min-h-11 cursor-pointer flex-wrap items-baseline justify-between gap-x-4 p-4">
                  <span className="min-w-0">
                    <span className="block text-xs font-semibold tracking-wide text-emerald-700 uppercase dark:text-emerald-300">
                      Unit {i + 1} · {unit.level}
                    </span>
                    <span className="text-lg font-semibold">{unit.title}</span>
                    <span className="block text-sm text-slate-600 dark:text-slate-400">
                      {unit.about}
                    </span>
                  </span>
                  <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                    {learned} of {total} learned
                    {/* The sets open below: the chevron turns when they do. */}
                    <ChevronDownIcon className="shrink-0 transition-transform group-open:rotate-180" />
                  </span>
                </summary>
                <ul className="grid gap-2 border-t border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700">
                  {rows.map(({ set, total: n, learned: done }) => (
                    <li key={set.id}>
                      <Link
                        to={paths.wordSet(set.id)}
                        className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-2 hover:border-brand-600 dark:border-slate-700 dark:hover:border-sky-400"
                      >
                        <span className="min-w-0 font-semibold break-words">{set.title}</span>
                        <span className="shrink-0 text-sm text-slate-600 dark:text-slate-400">
                          {done} of {n}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            );
          })}
        </div>
      )}
    </section>
  );
}

/**
 * The learning path (issue 26): grammar as five units ordered by level, each topic with its
 * mastery (core/grammar/mastery.ts) and the recommended next one marked; vocabulary as five
 * units of word sets by level; team assignments shown on their topics; the whole catalog one tap away.
 */
export default function LearnPage() {
  const { user } = useAuth();
  const progress = usePathProgress();
  const { data: assignments } = useMyAssignments(user !== null);
  const assigned = assignedTopics(assignments);
  const next = progress?.next;
  const nextTopic = next ? PATH_TOPICS.find((t) => t.path === next.path) : undefined;
  const grammarId = useId();
  return (
    <Page route="learn">
      <section
        className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
        data-testid="path-next"
        aria-label="Recommended next"
      >
        <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase dark:text-sky-300">
          {next?.stretch ? 'A stretch' : 'Recommended next'}
        </p>
        <p className="mt-1 min-h-8 text-2xl font-semibold">
          {progress === undefined ? '…' : nextTopic ? nextTopic.name : 'Every topic mastered'}
        </p>
        <p className="mt-1 min-h-6 text-slate-700 dark:text-slate-300">
          {nextTopic &&
            `Unit ${GRAMMAR_PATH.indexOf(nextTopic.unit) + 1}, ${nextTopic.unit.title} · ${MASTERY_NAMES[next?.mastery ?? 'not-started']}`}
          {progress && !nextTopic && 'Mixed deep-dive questions keep it that way.'}
        </p>
        <Link
          to={nextTopic && next ? topicStepHref(nextTopic.path, next.mastery) : paths.deepDive(1)}
          className={`${primaryButton} mt-4 min-h-12 w-full sm:w-auto sm:min-w-48`}
          aria-label={nextTopic ? `Continue: ${nextTopic.name}` : 'Continue: the deep dive'}
        >
          Continue
        </Link>
      </section>

      <section aria-labelledby={grammarId} className="mt-10">
        <SectionHead
          id={grammarId}
          title="Grammar"
          href={paths.grammar()}
          link="All topics and the deep dive"
        />
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Proficient: {PROFICIENT_SCORE}% or more on the latest quiz. Mastered: {MASTERED_SCORE}% or
          more, confirmed by the deep dive.
        </p>
        <div className="mt-4 grid gap-4">
          {GRAMMAR_PATH.map((unit, i) => (
            <UnitSection
              key={unit.id}
              unit={unit}
              index={i}
              masteries={progress?.masteries}
              next={next?.path}
              assigned={assigned}
            />
          ))}
        </div>
      </section>
      <VocabularyPath />
    </Page>
  );
}
