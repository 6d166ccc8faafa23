/**
 * What the writing checker answers (POST /api/writing/check, decision 050). Offsets are
 * UTF-16 code units into the text checked, as JavaScript strings count them.
 */
/** The longest text one check takes, in UTF-16 code units (JavaScript's string length). */
export const WRITING_CHECK_MAX_CHARS = 10_000;

export interface WritingFinding {
  start: number;
  end: number;
  /** "error": grammar, spelling, usage. "suggestion": style (wordiness, hedges, passive). */
  severity: 'error' | 'suggestion';
  /** One line: what is wrong and why. */
  message: string;
  /** Replacements for text.slice(start, end), best first; possibly none. */
  suggestions: string[];
  /** The grammar topic that teaches this, e.g. "countable-uncountable-nouns". */
  topic: string | null;
  /** The topic's lesson, e.g. "/grammar/countable-uncountable-nouns". */
  lesson: string | null;
}

export interface WritingCheckResult {
  findings: WritingFinding[];
}
