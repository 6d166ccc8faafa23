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
  kind: string;
  message: string;
  suggestions: string[];
}

/**
 * Harper's time for one check. Ordinary prose takes about 25 ms for 300 words, but every
 * unknown word costs it a spelling search (~10 ms), so 10,000 characters of made-up words
 * would hold the process for seconds. Harper runs on the server's one JavaScript thread, so
 * this budget is also how long one check can keep other requests waiting: a quarter second,
 * plus the piece under way (about 0.4 s at worst, measured). Past the budget, the rest of the
 * text goes without Harper's findings (the lessons' checks still cover all of it).
 */
export const HARPER_BUDGET_MS = 250;
/** Harper lints the text in pieces of about this many characters, cut after a sentence. */
export const PIECE_CHARS = 400;

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
    for (const lint of await l.lint(part, { language: 'plaintext' })) {
      const span = lint.span();
      const start = piece.start + span.start;
      const end = piece.start + span.end;
      span.free();
      out.push({
        start,
        end,
        kind: lint.lint_kind(),
        message: lint.message(),
        suggestions: replacement(lint, text.slice(start, end)),
      });
      lint.free();
    }
  }
  return out;
}
