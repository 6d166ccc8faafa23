import { addDays, type DayKey } from '../dates';
import { MASTERY_NAMES, PROFICIENT_SCORE, type Mastery } from '../grammar/mastery';
import { PATH_TOPICS } from '../grammar/path';
import { paths } from '../paths';
import type { AssignmentStatus } from '../teams/assignments';

/**
 * Today's one "Continue": the single next step a signed-in learner is offered first, chosen
 * by one rule (issue 26; the same on every device and for every screen that offers it):
 *
 * 1. **A team assignment due soon** — not done, due within ASSIGNMENT_SOON_DAYS days or
 *    overdue; the soonest due first. Someone asked for it by a date.
 * 2. **Due reviews** — at least one card due today. Review is cheapest just before
 *    forgetting, and skipping it makes tomorrow's pile bigger.
 * 3. **The next step on the path** — the first topic in path order not yet proficient
 *    (core/grammar/mastery.ts `nextOnPath`).
 * 4. **A stretch** — every topic proficient: the first not yet mastered.
 * 5. **The deep dive** — everything mastered: mixed questions keep it that way.
 *
 * Everything else (other assignments, a prompt for the learner's work, planned items) is a
 * secondary suggestion below it.
 */
export const ASSIGNMENT_SOON_DAYS = 2;

export interface StepAssignment {
  id: string;
  title: string;
  href: string;
  dueOn: DayKey | null;
  status: AssignmentStatus;
  teamName: string;
}

export type NextStep =
  | {
      kind: 'assignment';
      href: string;
      title: string;
      why: string;
      assignment: StepAssignment;
      overdue: boolean;
    }
  | { kind: 'review'; href: string; title: string; why: string; due: number }
  | {
      kind: 'path';
      href: string;
      title: string;
      why: string;
      topic: string;
      mastery: Mastery;
      stretch: boolean;
    }
  | { kind: 'deep-dive'; href: string; title: string; why: string };

export interface NextStepInput {
  today: DayKey;
  assignments: readonly StepAssignment[];
  dueReviews: number;
  /** `nextOnPath` of the learner's masteries; null when every topic is mastered. */
  path: { path: string; mastery: Mastery; stretch: boolean } | null;
}

/**
 * Where the next step on a topic leads: a new topic opens on its lesson (with Practice at
 * the top); one being practiced, or a stretch, goes straight to the practice player.
 */
export const topicStepHref = (topic: string, mastery: Mastery): string =>
  mastery === 'not-started' ? paths.grammarTopic(topic) : paths.grammarPractice(topic);

const cards = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;

/** Open assignments due within the window (or overdue), soonest due first. */
export function assignmentsDueSoon(
  assignments: readonly StepAssignment[],
  today: DayKey,
): StepAssignment[] {
  const horizon = addDays(today, ASSIGNMENT_SOON_DAYS);
  return assignments
    .filter((a) => a.status !== 'done' && a.dueOn !== null && a.dueOn <= horizon)
    .sort((a, b) => (a.dueOn as string).localeCompare(b.dueOn as string));
}

export function nextStep(input: NextStepInput): NextStep {
  const soon = assignmentsDueSoon(input.assignments, input.today)[0];
  if (soon) {
    const overdue = (soon.dueOn as DayKey) < input.today;
    const when =
      soon.dueOn === input.today
        ? 'due today'
        : overdue
          ? 'overdue'
          : soon.dueOn === addDays(input.today, 1)
            ? 'due tomorrow'
            : 'due soon';
    return {
      kind: 'assignment',
      href: soon.href,
      title: soon.title,
      why: `Assigned by ${soon.teamName} · ${when}.`,
      assignment: soon,
      overdue,
    };
  }
  if (input.dueReviews > 0)
    return {
      kind: 'review',
      href: paths.review(),
      title: `Review ${cards(input.dueReviews)}`,
      why: 'Words and missed questions, just before you forget them.',
      due: input.dueReviews,
    };
  if (input.path) {
    const topic = PATH_TOPICS.find((t) => t.path === input.path?.path);
    const name = topic?.name ?? input.path.path;
    const why = input.path.stretch
      ? `A stretch: you are ${MASTERY_NAMES[input.path.mastery].toLowerCase()} here; a strong quiz masters it.`
      : input.path.mastery === 'not-started'
        ? `Next on your path · ${topic?.unit.title ?? ''}: a short lesson, then 10 questions.`
        : `Keep going: you are practicing this topic. Score ${PROFICIENT_SCORE}% or more to be proficient.`;
    return {
      kind: 'path',
      href: topicStepHref(input.path.path, input.path.mastery),
      title: name,
      why,
      topic: input.path.path,
      mastery: input.path.mastery,
      stretch: input.path.stretch,
    };
  }
  return {
    kind: 'deep-dive',
    href: paths.deepDive(1),
    title: 'The deep dive',
    why: 'Every topic mastered: mixed questions keep it that way.',
  };
}
