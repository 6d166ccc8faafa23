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
 * Harper's findings on plain text, with replacement strings. harper.js already reports
 * spans in UTF-16 code units, as JavaScript strings count them (the unit tests pin this).
 */
export async function harperFindings(text: string): Promise<HarperFinding[]> {
  const l = await harper();
  const lints = await l.lint(text, { language: 'plaintext' });
  return lints.map((lint) => {
    const span = lint.span();
    const { start, end } = span;
    span.free();
    const found = {
      start,
      end,
      kind: lint.lint_kind(),
      message: lint.message(),
      suggestions: replacement(lint, text.slice(start, end)),
    };
    lint.free();
    return found;
  });
}
