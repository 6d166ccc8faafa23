import type { SkillEvidence } from '../../../../core/progress/skills';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What our content measured for a skill, as short lines to show beside the self-rating.
 * Nothing measured yet gives no lines, so an empty state can invite the first step.
 */
export function evidenceLines(e: SkillEvidence | undefined): string[] {
  if (!e) return [];
  const lines: string[] = [];
  if (e.grammar && e.grammar.topics > 0 && e.grammar.average !== null)
    lines.push(`Grammar average ${e.grammar.average}% over ${plural(e.grammar.topics, 'topic')}`);
  if (e.interviews && e.interviews.scored > 0 && e.interviews.average !== null)
    lines.push(
      `Interview self-review ${e.interviews.average}% on ${e.interviews.scored} of ${plural(e.interviews.of, 'question')}`,
    );
  if (e.completed > 0) lines.push(`${e.completed} of ${plural(e.of, 'related item')} completed`);
  if (e.words && e.words.completed > 0)
    lines.push(`${e.words.completed} of ${plural(e.words.of, 'related word')} learned`);
  return lines;
}
