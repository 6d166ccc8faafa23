/**
 * The lessons' checks on the app's own correct English (issue 31): every sentence the content
 * presents as correct — each check's `right`, the correct answer of each grammar question
 * (a whole-sentence option, or the question with its blank filled in), vocabulary examples,
 * lesson examples and corrections, model answers of prompts and interviews, insight and
 * activity text — plus the benchmark's correct corpus and scripts/checks-precision*.yaml.
 * scripts/checks-precision.test.ts asserts that no check flags any of them.
 * Usage: npx tsx scripts/checks-precision.ts  (prints every flag, one per line)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { protectedRanges, overlaps } from '../core/writing/exceptions';
import { loadCatalog } from '../server/content/catalog';
import { loadCorpus } from '../server/features/writing/benchmark/corpus';
import { RuleSet } from '../server/features/writing/rules';

interface Source {
  /** Where the sentence comes from: "nouns.yaml lesson example", "prompt x modelAnswer". */
  from: string;
  text: string;
}
interface Flag {
  from: string;
  sentence: string;
  flagged: string;
  checkId: string;
}

const root = join(import.meta.dirname, '..');

/** Sentences of a paragraph or a list item: a split after . ! ? before a capital or a quote. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?]["”’)]?)\s+(?=["“(]?[\p{Lu}\d])/u)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 2);
}

/** A grammar question's correct sentence: the blanks filled with the correct option. */
function filledIn(question: string, answer: string): string | null {
  if (!question.includes('___')) return null;
  // "Choose the words that complete this line from an incident write-up: If we had…"
  const body = /^(?:Choose|Pick|Which|Complete)[^:]*:\s*(.+)$/s.exec(question)?.[1] ?? question;
  const parts = answer.split(/\s+\/\s+/);
  let i = 0;
  const filled = body.replace(/_{3,}/g, () => parts[Math.min(i++, parts.length - 1)] ?? '');
  // An empty option ("no article") leaves two spaces.
  return filled.replace(/\s{2,}/g, ' ').replace(/\s+([.,;:!?])/g, '$1');
}

/**
 * A question's correct sentences: the correct option, or the question with its blank filled
 * in; for a question that asks which sentence has an error, the other options.
 */
function correctSentences(q: { question: string; options: string[]; correctIndex: number }) {
  const answer = q.options[q.correctIndex]!;
  const filled = filledIn(q.question, answer);
  if (filled) return [filled];
  if (/\b(?:error|mistake|incorrect|wrong|not correct|fragment)\b/i.test(q.question))
    return q.options.filter((o, i) => i !== q.correctIndex && isSentence(o));
  return isSentence(answer) ? [answer] : [];
}

/**
 * Text may cite the wrong form it warns about: "… at 3 a.m. (not: was happened)", or
 * 'The past tense is "laid off", not "layed off".'
 */
const withoutWrongForm = (s: string) =>
  s.replace(/\s*\((?:not|never)\b[^)]*\)|,?\s*\b(?:not|never)\s+"[^"]*"/giu, '');

const isSentence = (s: string) =>
  /^[\p{Lu}"“]/u.test(s) && /[.!?]["”’)]?$/u.test(s) && s.split(/\s+/).length >= 3;

export function contentSentences(): Source[] {
  const catalog = loadCatalog(join(root, 'content'));
  const out: Source[] = [];
  const seen = new Set<string>();
  const add = (from: string, text: string | undefined) => {
    for (const s of text ? sentencesOf(text) : []) {
      if (seen.has(s)) continue;
      seen.add(s);
      out.push({ from, text: s });
    }
  };
  for (const t of catalog.grammar.topics.values()) {
    const f = `${t.topic}.yaml`;
    for (const c of t.checks) add(`${f} check ${c.id} right`, c.right);
    for (const r of t.lesson.rules)
      for (const e of r.examples) add(`${f} lesson example`, withoutWrongForm(e));
    for (const m of t.lesson.mistakes) add(`${f} lesson mistake right`, m.right);
    for (const q of t.questions)
      for (const s of correctSentences(q)) add(`${f} question ${q.id}`, s);
  }
  for (const q of catalog.grammar.deepDive)
    for (const s of correctSentences(q)) add(`deep-dive question ${q.id}`, s);
  for (const set of catalog.vocabulary.sets)
    for (const w of set.words) {
      add(`vocabulary ${set.id} ${w.id}`, w.example);
      add(`vocabulary ${set.id} ${w.id}`, withoutWrongForm(w.usage));
    }
  for (const p of catalog.prompts)
    for (const text of [p.prompt, p.why, ...p.tips, ...p.outline, p.modelAnswer])
      add(`prompt ${p.id}`, text);
  for (const i of catalog.insights) {
    const from = `insight ${i.id}`;
    for (const text of [
      i.summary,
      ...i.whenToUse,
      ...i.steps,
      i.example.context,
      i.example.walkthrough,
      ...i.pitfalls,
      i.reflection,
    ])
      add(from, text);
  }
  for (const a of catalog.activities) {
    const from = `activity ${a.id}`;
    add(from, a.summary);
    add(from, a.outcome);
    for (const w of a.widgets) {
      add(from, w.label);
      if (w.type === 'text') add(from, w.hint);
    }
  }
  for (const [type, questions] of Object.entries(catalog.interviews.byType)) {
    for (const q of questions) {
      const from = `interview ${type} ${q.id}`;
      for (const text of [
        q.question,
        ...q.lookingFor,
        ...q.structure,
        ...q.followUps,
        ...(q.outline ?? []),
      ])
        add(from, text);
      const m = q.modelAnswer;
      if (m)
        for (const text of [m.situation, m.task, m.action, m.result, m.learned]) add(from, text);
      const o = q.modelOutline;
      if (o)
        for (const text of [
          ...o.requirements,
          ...o.estimates,
          ...o.components,
          ...o.deepDive,
          ...o.tradeOffs,
        ])
          add(from, text);
      if (q.solution) for (const text of q.solution.approach) add(from, text);
    }
  }
  for (const text of loadCorpus().correct) add('benchmark correct', text);
  return out;
}

/** scripts/checks-precision*.yaml: the cold readers' sentences and our own stress sentences. */
export function ownSentences(): Source[] {
  const dir = import.meta.dirname;
  const files = readdirSync(dir).filter((f) => /^checks-precision.*\.yaml$/.test(f));
  return files.sort().flatMap((file) => {
    const data = parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string[]>;
    return Object.entries(data).flatMap(([group, list]) =>
      list.map((text) => ({ from: `${file} ${group}`, text })),
    );
  });
}

/** Every flag the lessons' checks (not Harper) raise on the given sentences. */
export function precisionFlags(sources: Source[]): Flag[] {
  const catalog = loadCatalog(join(root, 'content'));
  const rules = new RuleSet(
    [...catalog.grammar.topics.values()].flatMap((t) =>
      t.checks.map((check) => ({ topic: t.topic, check })),
    ),
  );
  const out: Flag[] = [];
  for (const { from, text } of sources) {
    const guarded = protectedRanges(text);
    for (const f of rules.run(text)) {
      if (guarded.some((g) => overlaps(f, g))) continue;
      out.push({ from, sentence: text, flagged: text.slice(f.start, f.end), checkId: f.checkId });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sources = [...contentSentences(), ...ownSentences()];
  const flags = precisionFlags(sources);
  for (const f of flags) console.log(`${f.checkId}\t"${f.flagged}"\t${f.sentence}\t(${f.from})`);
  console.log(`${sources.length} sentences, ${flags.length} flag(s).`);
}
