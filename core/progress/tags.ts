import type { SKILL_TAGS } from '../content/common';
import { GRAMMAR_GROUPS, findGrammarTopic } from '../grammar/topics';

const SKILL_LABELS: Record<(typeof SKILL_TAGS)[number], string> = {
  clarity: 'Clarity',
  concision: 'Concision',
  tone: 'Tone',
  'business-writing': 'Business writing',
  speaking: 'Speaking',
};

/** A group's tag is its name in kebab-case ("Others" → `others`). */
const GROUP_LABELS = new Map(
  GRAMMAR_GROUPS.map((g) => [
    g.name.toLowerCase().replace(/\s+/g, '-'),
    g.name === 'Others' ? 'Other grammar' : g.name,
  ]),
);

/**
 * What a learner reads for a content tag: a skill ("Business writing"), a grammar topic
 * ("Phrasal verbs") or group ("Other grammar"). An unknown tag is spelled out from its
 * slug, so no raw id reaches the screen.
 */
export function tagLabel(tag: string): string {
  if (tag in SKILL_LABELS) return SKILL_LABELS[tag as keyof typeof SKILL_LABELS];
  const label = findGrammarTopic(tag)?.name ?? GROUP_LABELS.get(tag);
  if (label) return label;
  const words = tag.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
