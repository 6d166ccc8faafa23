import { slugify } from '../slug';
import { selfReviewScore } from '../items/interviews';

/** One part of a learner's work: a heading and what they wrote under it. */
export interface WorkPart {
  heading: string;
  text: string;
}

/** The learner's rubric check, when they made one: every line, and those they ticked. */
export interface WorkRubric {
  lines: readonly string[];
  met: readonly string[];
}

export interface WorkDocument {
  /** The item's title: the document's heading. */
  title: string;
  /** A line under the title, e.g. the brief the learner answered. */
  intro?: string | undefined;
  parts: readonly WorkPart[];
  rubric?: WorkRubric | null | undefined;
}

const paragraphs = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .trim()
    .replace(/\n{3,}/g, '\n\n');

/**
 * A learner's work as a Markdown file they can keep: the title, each part under its own
 * heading (an empty part says so rather than vanishing), and the rubric as a task list
 * with its score. The learner's own text is left as they wrote it. `depth` is the title's
 * heading level, for the same work inside a longer document (the data export's README).
 */
export function workMarkdown(doc: WorkDocument, depth = 1): string {
  const h = (level: number) => '#'.repeat(Math.min(depth + level, 6));
  const out = [`${h(0)} ${doc.title.trim()}`];
  if (doc.intro?.trim()) out.push(paragraphs(doc.intro).replace(/^/gm, '> '));
  for (const part of doc.parts) {
    out.push(`${h(1)} ${part.heading.trim()}`);
    out.push(paragraphs(part.text) || '_Not written yet._');
  }
  if (doc.rubric && doc.rubric.lines.length > 0) {
    const { lines } = doc.rubric;
    const met = new Set(doc.rubric.met);
    const done = lines.filter((line) => met.has(line)).length;
    const share = selfReviewScore(done, lines.length);
    out.push(`${h(1)} Rubric: ${done} of ${lines.length} (${share}%)`);
    out.push(lines.map((line) => `- [${met.has(line) ? 'x' : ' '}] ${line}`).join('\n'));
  }
  return `${out.join('\n\n')}\n`;
}

/** A file name a person recognizes: the title in lowercase words joined by hyphens. */
export function markdownFileName(title: string): string {
  return `${slugify(title, 80) || 'my-draft'}.md`;
}

/** An insight applied to a decision of one's own, as its page and the data export show it. */
export function insightDocument(
  insight: { title: string; steps: readonly string[]; reflection: string },
  answers: { decision: string; steps: readonly string[]; reflection: string },
): WorkDocument {
  return {
    title: insight.title,
    parts: [
      { heading: 'My decision', text: answers.decision },
      ...insight.steps.map((step, i) => ({
        heading: `Step ${i + 1}: ${step}`,
        text: answers.steps[i] ?? '',
      })),
      { heading: insight.reflection, text: answers.reflection },
    ],
  };
}
