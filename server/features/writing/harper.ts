import { Dialect, LocalLinter, SuggestionKind, type Lint } from 'harper.js';
import { binary } from 'harper.js/binary';

/**
 * Harper (harper.js, Apache-2.0): an offline grammar checker compiled to WebAssembly. The
 * binary ships inside the package and is loaded once per process, on the first check; no
 * text leaves the server.
 */
let linter: Promise<LocalLinter> | null = null;

export function harper(): Promise<LocalLinter> {
  linter ??= (async () => {
    const l = new LocalLinter({ binary, dialect: Dialect.American });
    await l.setup();
    // Harper builds its spelling indexes lazily, on the first misspellings that need them
    // (seconds of CPU, once): pay for that here, not in a learner's check.
    await l.lint('Plese recieve teh report from Oluwaseun and Asawasaun.', {
      language: 'plaintext',
    });
    return l;
  })();
  return linter;
}

export interface HarperFinding {
  start: number;
  end: number;
  /** Harper's rule, e.g. "SpellCheck", "ThereToTheir" (the exceptions match on it). */
  rule: string;
  kind: string;
  message: string;
  suggestions: string[];
}

/**
 * Harper's time for one check. Ordinary prose takes about 10 ms for 300 words, but every
 * unknown word costs it a spelling search (10–25 ms), so 10,000 characters of made-up words
 * would take it a minute. Harper runs in the checker's own thread (checker-thread.ts), not on
 * the server's event loop, so this budget bounds how long one check holds that thread, and
 * the checks queued behind it: a quarter second, plus the piece under way (a few seconds for
 * a piece of made-up words, measured by the benchmark). Past the budget, the rest of the text
 * goes without Harper's findings (the lessons' checks still cover all of it).
 */
export const HARPER_BUDGET_MS = 250;
/**
 * Harper lints the text in pieces of about this many characters, cut after a sentence. Each
 * call has a cost of its own: 300 words take 16 ms of CPU in pieces of 400 characters,
 * 11 ms in pieces of 1,000. Smaller pieces only made the budget finer while Harper ran on
 * the event loop (decision 052).
 */
export const PIECE_CHARS = 1_000;

/**
 * Where to cut `text` into pieces of at most `size` characters: after the last sentence end
 * (or line break) inside the piece, else at its last space, else anywhere but inside a
 * surrogate pair.
 */
export function pieces(text: string, size = PIECE_CHARS): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  while (text.length - start > size) {
    const window = text.slice(start, start + size);
    const ends = [...window.matchAll(/[.!?]["'”’)\]]*\s+|\n+/gu)].map((m) => m.index + m[0].length);
    let cut = ends.at(-1) ?? window.search(/\s\S*$/u) + 1;
    if (cut <= 0) cut = size;
    if (/[\ud800-\udbff]/u.test(text.charAt(start + cut - 1))) cut--;
    out.push({ start, end: start + cut });
    start += cut;
  }
  if (start < text.length) out.push({ start, end: text.length });
  return out;
}

function replacement(lint: Lint, problem: string): string[] {
  return lint.suggestions().map((s) => {
    const kind = s.kind();
    const text = s.get_replacement_text();
    s.free();
    if (kind === SuggestionKind.Remove) return '';
    if (kind === SuggestionKind.InsertAfter) return problem + text;
    return text;
  });
}

/**
 * Harper's findings on plain text, with replacement strings, piece by piece within
 * HARPER_BUDGET_MS. harper.js reports spans in UTF-16 code units, as JavaScript strings
 * count them (the tests pin this with emoji). Harper remembers pieces it has seen, so a
 * draft checked again after an edit costs only the pieces that changed.
 */
export async function harperFindings(
  text: string,
  budgetMs = HARPER_BUDGET_MS,
): Promise<HarperFinding[]> {
  const l = await harper();
  const started = performance.now();
  const out: HarperFinding[] = [];
  for (const piece of pieces(text)) {
    if (performance.now() - started > budgetMs) break;
    const part = text.slice(piece.start, piece.end);
    const byRule = await l.organizedLints(part, { language: 'plaintext' });
    for (const [rule, lints] of Object.entries(byRule)) {
      for (const lint of lints) {
        const span = lint.span();
        const start = piece.start + span.start;
        const end = piece.start + span.end;
        span.free();
        out.push({
          start,
          end,
          rule,
          kind: lint.lint_kind(),
          message: lint.message(),
          suggestions: replacement(lint, text.slice(start, end)),
        });
        lint.free();
      }
    }
  }
  out.sort((a, b) => a.start - b.start || a.end - b.end);
  return out;
}
