import { deepDiveQuestionId } from './results';
import type { GrammarStats } from './results';
import { PATH_TOPICS } from './path';

/**
 * How well a learner knows a grammar topic, from the evidence the app already keeps: the
 * latest quiz score on the topic, and the first answers to deep-dive questions tagged with it.
 * It rises and falls with that evidence — a weaker quiz or a missed deep-dive question
 * brings it down again — like Khan Academy's mastery levels.
 *
 * - **not started**: no quiz and no deep-dive answer on the topic.
 * - **practicing**: some evidence, below proficient.
 * - **proficient**: the latest quiz scored at least PROFICIENT_SCORE, and at most one of
 *   the topic's answered deep-dive questions was missed.
 * - **mastered**: the latest quiz scored at least MASTERED_SCORE and every answered
 *   deep-dive question on the topic was right — with at least one answered, or, for a topic
 *   the deep dive does not test, a perfect quiz.
 */
export const MASTERY_LEVELS = ['not-started', 'practicing', 'proficient', 'mastered'] as const;
export type Mastery = (typeof MASTERY_LEVELS)[number];

export const MASTERY_NAMES: Record<Mastery, string> = {
  'not-started': 'Not started',
  practicing: 'Practicing',
  proficient: 'Proficient',
  mastered: 'Mastered',
};

export const PROFICIENT_SCORE = 70;
export const MASTERED_SCORE = 90;

export interface TopicEvidence {
  /** The latest quiz score in percent, or undefined before the first quiz. */
  quiz: number | undefined;
  /** Deep-dive questions tagged with the topic: how many the learner answered, how many right. */
  deepDive: { tagged: number; answered: number; correct: number };
}

export function masteryOf(e: TopicEvidence): Mastery {
  const { quiz, deepDive } = e;
  if (quiz === undefined && deepDive.answered === 0) return 'not-started';
  if (quiz === undefined || quiz < PROFICIENT_SCORE) return 'practicing';
  const missed = deepDive.answered - deepDive.correct;
  if (missed > 1) return 'practicing';
  const corroborated = deepDive.tagged > 0 ? deepDive.answered > 0 : quiz === 100;
  if (quiz >= MASTERED_SCORE && missed === 0 && corroborated) return 'mastered';
  return 'proficient';
}

/** Deep-dive question ids per topic, from the questions' tags (the content's own mapping). */
export function deepDiveByTopic(
  deepDive: readonly { id: number; tags: readonly string[] }[],
): Map<string, string[]> {
  const byTopic = new Map<string, string[]>();
  for (const q of deepDive)
    for (const tag of q.tags) {
      const list = byTopic.get(tag) ?? [];
      list.push(deepDiveQuestionId(q.id));
      byTopic.set(tag, list);
    }
  return byTopic;
}

/** Every topic's mastery from the learner's grammar stats, in path order. */
export function topicMasteries(
  stats: Pick<GrammarStats, 'topics' | 'questions'>,
  deepDive: ReadonlyMap<string, readonly string[]>,
): Map<string, Mastery> {
  const out = new Map<string, Mastery>();
  for (const { path } of PATH_TOPICS) {
    const ids = deepDive.get(path) ?? [];
    let answered = 0;
    let correct = 0;
    for (const id of ids) {
      const right = stats.questions[id];
      if (right === undefined) continue;
      answered++;
      if (right) correct++;
    }
    out.set(
      path,
      masteryOf({ quiz: stats.topics[path], deepDive: { tagged: ids.length, answered, correct } }),
    );
  }
  return out;
}

const DONE: readonly Mastery[] = ['proficient', 'mastered'];

/**
 * The recommended next topic on the path: the first, in path order, that is not yet
 * proficient (a topic being practiced comes back before a new one further on). When every
 * topic is proficient, the first that is not mastered — the stretch. Null when all are
 * mastered.
 */
export function nextOnPath(masteries: ReadonlyMap<string, Mastery>): {
  path: string;
  mastery: Mastery;
  stretch: boolean;
} | null {
  for (const { path } of PATH_TOPICS) {
    const m = masteries.get(path) ?? 'not-started';
    if (!DONE.includes(m)) return { path, mastery: m, stretch: false };
  }
  for (const { path } of PATH_TOPICS) {
    const m = masteries.get(path) ?? 'not-started';
    if (m !== 'mastered') return { path, mastery: m, stretch: true };
  }
  return null;
}
