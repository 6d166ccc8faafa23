/**
 * The house convention for quotation marks in content (docs/content-guide.md, "Quotation"):
 * American double quotes for quoted words, phrases and sentences, single quotes only inside
 * double ones. In grammar and vocabulary content, which quote language as examples, a period
 * or comma goes inside the closing quote only when it belongs to the example: a word or a
 * fragment is closed before the sentence's own punctuation ("is", not "is,"; "agree on", not
 * "agree on."), and a full example sentence keeps its own end mark ("We shipped on time.").
 * Checked by scripts/quotation-style.test.ts (part of npm test) and printed by
 * npx tsx scripts/check-grammar-content.ts and npx tsx scripts/check-content.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocument, visit } from 'yaml';
import { lineFinder } from './house-style';

export type QuoteProblem = { file: string; line: number; text: string; why: string };

/** A single quote that opens a quotation: after a space, a bracket, a slash or a dash, before a letter, a dot or an ellipsis (not '90s). */
const SINGLE_OPEN = /(?<=^|[\s([/—–-])'(?=[A-Za-z.…_])/g;

/**
 * An article cited as a word but left unquoted: "a", "an" or "the" right before a comma, period,
 * semicolon, colon or closing bracket ("…so it takes the."), or paired with another article ("use
 * a or an"). In running English an article always comes before its noun, so in grammar and
 * vocabulary prose either form means the article is being discussed and needs quotes. Letters
 * inside code or patterns ("(a|an)", "[a, b]") are not prose and are skipped.
 */
const BARE_ARTICLE = [
  /(?<![\w'"’|([-])(?:a|an|the)(?=[.,;:)!?](?:\s|$))/g,
  /(?<![\w'"’|([-])(?:[Aa]n?|[Tt]he) (?:or|and) (?:an?|the)\b/g,
];

/** The spans between pairs of straight double quotes: [open, close] positions. */
export function doubleSpans(text: string): [number, number][] {
  const at = [...text.matchAll(/"/g)].map((m) => m.index);
  const spans: [number, number][] = [];
  for (let i = 0; i + 1 < at.length; i += 2) spans.push([at[i]!, at[i + 1]!]);
  return spans;
}

/** Problems in one piece of text; `examples` turns on the punctuation rule for quoted examples. */
export function quoteProblems(text: string, examples: boolean): string[] {
  const problems: string[] = [];
  if (/[“”‘]/.test(text)) problems.push('curly quotes: use straight " (and \' only inside ")');
  const spans = doubleSpans(text);
  if ((text.match(/"/g) ?? []).length % 2 === 1) problems.push('an unpaired double quote');
  const inside = (pos: number) => spans.some(([a, b]) => pos > a && pos < b);
  for (const m of text.matchAll(SINGLE_OPEN)) {
    if (!inside(m.index)) {
      problems.push(
        `single quotes around ${text.slice(m.index, m.index + 24)}…: use double quotes`,
      );
      break;
    }
  }
  if (!examples) return problems;
  for (const re of BARE_ARTICLE) {
    for (const m of text.matchAll(re)) {
      if (!inside(m.index)) {
        problems.push(
          `unquoted article in "…${text.slice(Math.max(0, m.index - 24), m.index + m[0].length + 1)}": quote a word discussed as a word ("takes "the".")`,
        );
      }
    }
  }
  for (const [a, b] of spans) {
    const quoted = text.slice(a + 1, b);
    const last = quoted.at(-1);
    const fragment = /^[a-z]/.test(quoted) || !/\s/.test(quoted.trim());
    if ((last === ',' || (last === '.' && !quoted.endsWith('...'))) && fragment) {
      problems.push(
        `"${quoted}": the ${last === ',' ? 'comma' : 'period'} belongs to the sentence, so it goes after the closing quote`,
      );
    }
    if ((last === '?' || last === '!') && /^[.]/.test(text.slice(b + 1))) {
      problems.push(
        `"${quoted}".: the quotation's own end mark ends the sentence; drop the period`,
      );
    }
  }
  return problems;
}

const root = join(import.meta.dirname, '..');

/** Content folders whose text quotes language as examples (the punctuation rule applies). */
const EXAMPLE_DIRS = ['content/grammar', 'content/vocabulary'];

function yamlFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? yamlFiles(join(dir, e.name))
      : e.name.endsWith('.yaml')
        ? [join(dir, e.name)]
        : [],
  );
}

/** Problems in one YAML source: every string value (never keys). */
export function scanYamlQuotes(source: string, file: string, examples: boolean): QuoteProblem[] {
  const doc = parseDocument(source);
  const lineOf = lineFinder(source);
  const found: QuoteProblem[] = [];
  visit(doc, {
    Scalar(key, node) {
      if (key === 'key' || typeof node.value !== 'string') return;
      for (const why of quoteProblems(node.value, examples)) {
        found.push({
          file,
          line: lineOf(node.range?.[0] ?? 0),
          text: node.value.slice(0, 60),
          why,
        });
      }
    },
  });
  return found;
}

/** Every problem in content/: the quote marks everywhere, the punctuation rule in grammar and vocabulary. */
export function contentQuoteProblems(dirs: readonly string[] = ['content']): QuoteProblem[] {
  return dirs.flatMap((dir) =>
    yamlFiles(dir).flatMap((file) => {
      const rel = relative(root, join(root, file));
      const examples = EXAMPLE_DIRS.some((d) => rel.startsWith(d + '/'));
      return scanYamlQuotes(readFileSync(join(root, file), 'utf8'), rel, examples);
    }),
  );
}

export const formatQuoteProblem = (p: QuoteProblem) => `${p.file}:${p.line}: ${p.why}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = contentQuoteProblems();
  for (const p of problems) console.log(formatQuoteProblem(p));
  console.log(problems.length === 0 ? 'No quotation problems.' : `${problems.length} problem(s).`);
  process.exit(problems.length === 0 ? 0 : 1);
}
